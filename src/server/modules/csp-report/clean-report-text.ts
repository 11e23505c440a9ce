/** The longest text stored from a report; a URI or a user agent is rarely longer, and a flood of long ones costs little. */
export const MAX_REPORT_TEXT = 512;

const CONTROL = /\p{Cc}/gu;
// In a `u` regex only an unpaired surrogate matches: PostgreSQL cannot store one.
const LONE_SURROGATE = /\p{Cs}/gu;
// The userinfo of a hierarchical URI: `user:password@` after the scheme's `//`, up to the host.
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/]*@/i;

/**
 * A report's string as it is stored, or undefined when it is no string: control characters dropped,
 * and at most MAX_REPORT_TEXT characters. With `uri`, the query, the fragment and any credentials are
 * cut off first: they may hold a token or a person's data, which a violation report does not need.
 */
export function cleanReportText(value: unknown, options: { uri?: boolean } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  let clean = value.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD');
  if (options.uri) {
    const end = clean.search(/[?#]/);
    clean = (end === -1 ? clean : clean.slice(0, end)).replace(USERINFO, '$1');
  }
  // By code points, so a cut never splits a surrogate pair.
  return clean.length <= MAX_REPORT_TEXT ? clean : Array.from(clean).slice(0, MAX_REPORT_TEXT).join('');
}
