import { localizedTitle } from '../i18n/localized-title';
import type { Locale } from '../i18n/locale';
import { beijingDate } from '../rules/beijing-date';
import type { CompareOp, CompareRule, JsonSchema } from './json-schema';

/** The keyword of a cross-field rule, as ajv reports it and as the browser's rules name it. */
export const COMPARE_KEYWORD = 'x-compare';

/**
 * What x-compare compares. The author's schema decides it, never the value: a date's text is not
 * compared as a number because it happens to look like one.
 */
export type CompareKind = 'number' | 'date' | 'date-time';

/** The kind of a field x-compare may sit on; undefined for any other field (schemas:check refuses the rule there). */
export function compareKind(node: JsonSchema | undefined): CompareKind | undefined {
  if (!node || typeof node.type !== 'string') return undefined;
  if (node.type === 'number' || node.type === 'integer') return 'number';
  if (node.type !== 'string') return undefined;
  if (node.format === 'date') return 'date';
  if (node.format === 'date-time') return 'date-time';
  return undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.(\d+))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/**
 * A value as a number to compare, or undefined when it is empty or not of the kind (the field's own
 * type and format rules speak for it then). Dates become YYYYMMDD, which orders as the ISO text
 * does. A date-time becomes its instant in milliseconds, computed with Date.UTC rather than
 * Date.parse: the offset matters (10:00+08:00 is 02:00Z), a date-time without one is not judged
 * (the browser's zone and the server's differ), and Date.UTC gives the same number in every engine.
 */
function comparable(kind: CompareKind, value: unknown): number | undefined {
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (kind === 'date') {
    const date = DATE.exec(value);
    return date ? Number(`${date[1]}${date[2]}${date[3]}`) : undefined;
  }
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zulu, sign, offsetHours = '0', offsetMinutes = '0'] = match;
  const local = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Number(fraction.slice(0, 3).padEnd(3, '0')),
  );
  const offset = zulu ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  return local - offset * 60_000;
}

function holds(op: CompareOp, left: number, right: number): boolean {
  switch (op) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '==':
      return left === right;
    case '!=':
      return left !== right;
  }
}

/**
 * Whether `value op other` holds. True when either side is empty or not a value of the kind: an
 * empty field is `required`'s business and a malformed one its type's or format's, so the
 * cross-field rule never adds a second complaint about them.
 */
export function compareHolds(op: CompareOp, kind: CompareKind, value: unknown, other: unknown): boolean {
  const left = comparable(kind, value);
  const right = comparable(kind, other);
  if (left === undefined || right === undefined) return true;
  return holds(op, left, right);
}

/** What a rule compares with other than a sibling: today's date in Beijing, or the current instant. */
export type CompareMoment = 'today' | 'now';

/** The moment a rule compares with, or undefined for a rule naming a sibling field. */
export function compareMoment(rule: CompareRule): CompareMoment | undefined {
  if (rule.today === true) return 'today';
  if (rule.now === true) return 'now';
  return undefined;
}

/** The kind of field each moment is compared with: today is a date, now a date-time. */
export const MOMENT_KIND: Readonly<Record<CompareMoment, CompareKind>> = { today: 'date', now: 'date-time' };

/**
 * Whether a rule fits a field of this kind: a moment only its own kind (a date with today, a date-time
 * with now), since a date-time against today's date would never be judged. A sibling's kind is
 * schemas:check's business, which sees the sibling.
 */
export function compareRuleFits(rule: CompareRule, kind: CompareKind): boolean {
  const moment = compareMoment(rule);
  return moment === undefined ? typeof rule.field === 'string' : MOMENT_KIND[moment] === kind;
}

/**
 * The other side of a rule: the sibling's value, or for today the calendar date in Beijing (UTC+8, no
 * daylight saving) at `now`, wherever the judging side runs, or for now the instant itself.
 */
function otherSide(rule: CompareRule, siblings: Readonly<Record<string, unknown>>, now: Date): unknown {
  if (rule.today === true) return beijingDate(now);
  if (rule.now === true) return now.toISOString();
  return rule.field === undefined ? undefined : siblings[rule.field];
}

/**
 * Whether a field's x-compare holds for its value: the one judgement the server's ajv keyword and the
 * browser's rules both make, so they judge alike. `siblings` are the values of the object holding the
 * field; `now` is the judging side's clock (a rule with today or now is judged when it is asked).
 */
export function compareRuleHolds(
  rule: CompareRule,
  kind: CompareKind,
  value: unknown,
  siblings: Readonly<Record<string, unknown>>,
  now: Date,
): boolean {
  return compareHolds(rule.op, kind, value, otherSide(rule, siblings, now));
}

/**
 * The params of a broken rule, the same on both sides: the operator and either the moment, or the
 * other field's name and its title in the locale, which the default message names ('不得早于「开始日期」').
 */
export function compareErrorParams(rule: CompareRule, sibling: JsonSchema | undefined, locale: Locale): Record<string, unknown> {
  const moment = compareMoment(rule);
  if (moment !== undefined) return { comparison: rule.op, moment };
  const field = rule.field ?? '';
  return { comparison: rule.op, field, fieldTitle: localizedTitle(sibling, locale) ?? field };
}
