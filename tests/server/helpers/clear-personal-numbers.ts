/**
 * Personal numbers written in full (SECURITY R35): an 11-digit mainland mobile number, or an 18-character
 * resident identity number (area, a 19xx/20xx birth date, sequence, check character). The birth date
 * keeps unified social credit codes out; a letter or digit on either side keeps timestamps, hashes and file ids out.
 */
const CLEAR_NUMBERS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a phone', pattern: /(?<![0-9A-Za-z])1[3-9][0-9]{9}(?![0-9A-Za-z])/g },
  {
    what: 'an identity number',
    pattern: /(?<![0-9A-Za-z])[1-9][0-9]{5}(?:19|20)[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9Xx](?![0-9A-Za-z])/g,
  },
];

export interface ClearNumber {
  what: string;
  value: string;
  /** The JSON key the value follows ("contactPhone"), or "?" in a text without one. */
  key: string;
}

/** Every personal number a text (a JSON body, a sheet's cells) shows in full, less the `allowed` ones (the caller's own). */
export function clearPersonalNumbers(text: string, allowed: ReadonlySet<string> = new Set()): ClearNumber[] {
  return CLEAR_NUMBERS.flatMap(({ what, pattern }) =>
    [...text.matchAll(pattern)]
      .filter((match) => !allowed.has(match[0]))
      .map((match) => ({
        what,
        value: match[0],
        key: /"([^"]+)":\s*\[?\s*"?$/.exec(text.slice(Math.max(0, match.index - 80), match.index))?.[1] ?? '?',
      })),
  );
}
