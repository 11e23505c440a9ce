import { localizedTitle } from '../i18n/localized-title';
import type { Locale } from '../i18n/locale';
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
 * cross-field rule never adds a second complaint about them. The server's ajv keyword and the
 * browser's rules both call this, so they judge alike.
 */
export function compareHolds(op: CompareOp, kind: CompareKind, value: unknown, other: unknown): boolean {
  const left = comparable(kind, value);
  const right = comparable(kind, other);
  if (left === undefined || right === undefined) return true;
  return holds(op, left, right);
}

/**
 * The params of a broken rule, the same on both sides: the operator, the other field's name, and
 * its title in the locale, which the default message names ('不得早于「开始日期」').
 */
export function compareErrorParams(
  rule: Pick<CompareRule, 'op' | 'field'>,
  sibling: JsonSchema | undefined,
  locale: Locale,
): Record<string, unknown> {
  return { comparison: rule.op, field: rule.field, fieldTitle: localizedTitle(sibling, locale) ?? rule.field };
}
