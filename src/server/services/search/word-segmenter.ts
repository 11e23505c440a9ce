import { Jieba } from '@node-rs/jieba';
// With its extension: the package has no exports map, and Node's own resolver, which runs the bundled
// server (issue 16), does not guess one as tsx does.
import { dict } from '@node-rs/jieba/dict.js';

// Words of the commission's trade the general dictionary cuts apart; kept whole so that a search for
// one finds it as one word (and its parts still match through the search mode's sub-words).
const TRADE_WORDS = [
  '高新技术企业',
  '科技型中小企业',
  '研发费用加计扣除',
  '专精特新',
  '众创空间',
  '孵化器',
  '科技成果转化',
  '技术合同登记',
  '首台套',
  '揭榜挂帅',
  '科技特派员',
  '新型研发机构',
  '创新券',
  '科研诚信',
  '知识产权质押',
];

// Words that say nothing about a document: indexing or searching them only adds noise.
const STOP_WORDS = new Set([
  '的',
  '了',
  '和',
  '与',
  '及',
  '或',
  '在',
  '是',
  '为',
  '对',
  '把',
  '被',
  '将',
  '从',
  '以',
  '等',
  '之',
  '其',
  '并',
  '由',
  '于',
  '中',
  '有',
  '个',
  '也',
  '就',
  '都',
  '而',
  '及其',
  '以及',
  '关于',
  '有关',
  '进行',
  '我们',
  '什么',
  '如何',
  '怎么',
  '哪些',
  'the',
  'and',
  'of',
  'a',
  'an',
  'to',
  'in',
  'for',
  'on',
]);

const WORDY = /[\p{L}\p{N}]/u;

/** Changes whenever the indexed words or text change (the trade words, the stop words, how fields are joined): start-up then indexes every document again. */
export const SEGMENTER_VERSION = 'jieba-2.0.3+trade-1+lines';

let jieba: Jieba | undefined;

function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(TRADE_WORDS.map((word) => `${word} 100000 n`).join('\n')));
  }
  return jieba;
}

const usable = (word: string): boolean => WORDY.test(word) && !STOP_WORDS.has(word);

/**
 * A document's words for the index: jieba's search mode, which adds the parts of long words
 * (高新技术企业 → 高新, 技术, 企业, 高新技术, 高新技术企业), in lower case, without punctuation or stop words.
 */
export function indexWords(text: string): string[] {
  if (text.trim().length === 0) return [];
  return segmenter()
    .cutForSearch(text, true)
    .map((word) => word.trim().toLowerCase())
    .filter(usable);
}

/** One word of a query and the parts the index may hold it as (高新技术 → 高新, 技术). */
export interface QueryWord {
  word: string;
  parts: string[];
}

/**
 * A query's words: jieba's precise mode, each once, in the order typed, with the parts its search
 * mode finds in it. A document indexed with 高新技术企业 holds 高新, 技术 and 高新技术企业 but not 高新技术,
 * so a query word matches itself or all of its parts.
 */
export function queryWords(keyword: string): QueryWord[] {
  const words = [
    ...new Set(
      segmenter()
        .cut(keyword, true)
        .map((word) => word.trim().toLowerCase())
        .filter(usable),
    ),
  ];
  return words.map((word) => {
    const parts = [
      ...new Set(
        segmenter()
          .cutForSearch(word, true)
          .map((part) => part.toLowerCase()),
      ),
    ].filter((part) => part !== word && usable(part));
    return { word, parts: coversWhole(word, parts) ? parts : [] };
  });
}

/**
 * Whether the parts together cover every character of the word: 高新 and 技术 stand for 高新技术, but
 * 创新 alone does not stand for 创新券 (it would find every text about 创新).
 */
function coversWhole(word: string, parts: readonly string[]): boolean {
  if (parts.length === 0) return false;
  const covered = new Array<boolean>(word.length).fill(false);
  for (const part of parts) {
    for (let at = word.indexOf(part); at >= 0; at = word.indexOf(part, at + 1)) covered.fill(true, at, at + part.length);
  }
  return covered.every(Boolean);
}
