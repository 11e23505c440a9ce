import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isResidentIdNumber } from '../rules/resident-id-number';
import { isUnifiedSocialCreditCode } from '../rules/unified-social-credit-code';

const MOBILE = /^1[3-9]\d{9}$/;

/** A format's rule as ajv-formats defines it (a function or a RegExp, maybe inside {validate}), as a function. */
function standardRule(format: 'date' | 'date-time'): (value: string) => boolean {
  const defined: unknown = fullFormats[format];
  const rule: unknown = typeof defined === 'object' && defined !== null && 'validate' in defined ? defined.validate : defined;
  if (typeof rule === 'function') return (value) => (rule as (value: string) => unknown)(value) === true;
  if (rule instanceof RegExp) return (value) => rule.test(value);
  throw new Error(`ajv-formats has no ${format} format`);
}

/**
 * The moments a date can be and still be stored and searched: what `toISOString()` writes with a four-digit year,
 * 0001-01-01 to 9999-12-31 in UTC. PostgreSQL has no year 0, so `0000-01-01T00:00:00Z`, or
 * `0001-01-01T00:00:00+08:00` (year 0 in UTC), failed the query with a 500; a year past 9999 is written `+010000-…`.
 */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * ajv-formats' rule, then a Date that the code can use: ajv-formats admits a leap second (23:59:60), which Date
 * cannot hold (NaN), and the years above, which the database cannot.
 */
function usableDate(format: 'date' | 'date-time'): (value: string) => boolean {
  const standard = standardRule(format);
  return (value) => {
    if (!standard(value)) return false;
    const at = Date.parse(value);
    return at >= EARLIEST && at <= LATEST;
  };
}

/**
 * Formats of our own, beyond ajv-formats, and the two of its formats we narrow. The server's ajv (forms and route
 * schemas alike) and the browser's rules both use these functions, so a value the browser accepts is one the server
 * accepts.
 */
export const CUSTOM_FORMATS = {
  /** 统一社会信用代码: 18 characters and a valid check character. */
  uscc: isUnifiedSocialCreditCode,
  /** 居民身份证号码: 18 characters, a real birth date and a valid check character. */
  idcard: isResidentIdNumber,
  /** A mainland mobile number. */
  mobile: (value: string): boolean => MOBILE.test(value),
  /** RFC 3339 full-date, in years 0001–9999. */
  date: usableDate('date'),
  /** RFC 3339 date-time, a moment Date can hold in years 0001–9999 UTC (no leap second). */
  'date-time': usableDate('date-time'),
} as const satisfies Record<string, (value: string) => boolean>;

export type CustomFormat = keyof typeof CUSTOM_FORMATS;
