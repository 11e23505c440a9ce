import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../docs/decisions');
const VERB = String.raw`supersed(?:e|es|ed|ing)|amend(?:s|ed|ing)?|replac(?:es|ed|ing)|chang(?:es|ed|ing)|extend(?:s|ed|ing)?`;
const NUMBERS = String.raw`(\d{4}(?:(?:,\s*|\s+and\s+|\/)\d{4})*)`;
/** "supersedes the start-up rule of ADR 0031", "extends ADR 0010, 0026 and 0033": the verb, then the ADRs. */
const VERB_THEN_ADR = new RegExp(String.raw`\b(?:${VERB})\b[^.;:()]{0,60}?\bADRs?\s+${NUMBERS}`, 'gi');
/** "ADR 0007 replaced that": the ADR, then the verb. */
const ADR_THEN_VERB = new RegExp(String.raw`\bADRs?\s+${NUMBERS}\s+(?:has\s+|have\s+)?(?:${VERB})\b`, 'gi');

interface Adr {
  number: string;
  file: string;
  text: string;
}

const adrs: Adr[] = readdirSync(DIR)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort()
  .map((file) => ({ number: file.slice(0, 4), file, text: readFileSync(path.join(DIR, file), 'utf8') }));

/** Each pair of ADRs where one says the later changes (supersedes, amends, replaces, extends) the earlier. */
function changes(): { earlier: Adr; later: Adr; said: string }[] {
  const byNumber = new Map(adrs.map((adr) => [adr.number, adr]));
  const pairs = new Map<string, { earlier: Adr; later: Adr; said: string }>();
  for (const adr of adrs) {
    const flat = adr.text.replace(/\s+/g, ' ');
    for (const match of [...flat.matchAll(VERB_THEN_ADR), ...flat.matchAll(ADR_THEN_VERB)]) {
      for (const number of (match[1] ?? '').match(/\d{4}/g) ?? []) {
        const other = byNumber.get(number);
        if (!other || other === adr) continue;
        const [earlier, later] = other.number < adr.number ? [other, adr] : [adr, other];
        pairs.set(`${earlier.number}-${later.number}`, { earlier, later, said: `${adr.file}: "${match[0]}"` });
      }
    }
  }
  return [...pairs.values()];
}

describe('docs/decisions: an ADR a later one changed says so at its top', () => {
  it('finds the changes the ADRs state', () => {
    const found = changes().map(({ earlier, later }) => `${earlier.number}-${later.number}`);
    expect(found).toEqual(expect.arrayContaining(['0005-0034', '0026-0027', '0031-0033']));
  });

  it('names the later ADR in the first 10 lines of the earlier one', () => {
    const missing = changes()
      .filter(
        ({ earlier, later }) =>
          !new RegExp(`\\bADRs?\\b[^\\n]*\\b${later.number}\\b`).test(earlier.text.split('\n').slice(0, 10).join('\n')),
      )
      .map(({ earlier, later, said }) => `${earlier.file} does not name ADR ${later.number} in its first 10 lines (${said})`);
    expect(missing).toEqual([]);
  });
});
