/** The first characters that make a spreadsheet read a cell as a formula (SECURITY R24, ASVS 5.0 1.2.10). */
// eslint-disable-next-line no-control-regex -- TAB, CR and NUL are exactly what R24 names.
const FORMULA_START = /^[=+\-@\t\r\u0000]/;

/** A text cell as it is safe to export: one that could start a formula gets a leading single quote. */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
