import { beijingDate } from '../../shared/rules/beijing-date';

// What visitors of a municipal S&T portal search for most, with a rough weight each: the demo's
// hot searches. Every one finds something in the demo's articles.
const KEYWORDS: ReadonlyArray<readonly [string, number]> = [
  ['高新技术企业', 34],
  ['科技型中小企业', 27],
  ['研发费用加计扣除', 22],
  ['创新券', 18],
  ['孵化器', 15],
  ['知识产权', 13],
  ['人才', 11],
  ['科技成果转化', 9],
  ['新型研发机构', 7],
  ['众创空间', 5],
];

const DAYS = 28;

/**
 * The demo's search history of the last four weeks: each keyword on a few days, its weight spread
 * over them (a fixed pattern, so every fresh demo shows the same list).
 */
export function demoSearchKeywords(now: Date): Array<{ keyword: string; day: string; n: number }> {
  return KEYWORDS.flatMap(([keyword, weight], index) => {
    const days = 3 + (index % 4);
    return Array.from({ length: days }, (_, step) => ({
      keyword,
      day: beijingDate(new Date(now.getTime() - ((index * 5 + step * 7) % DAYS) * 86_400_000)),
      n: Math.max(1, Math.round(weight / days) + ((index + step) % 3) - 1),
    }));
  }).filter((entry, position, all) => all.findIndex((other) => other.keyword === entry.keyword && other.day === entry.day) === position);
}
