// GB 32100-2015: 18 characters from this 31-character alphabet (no I, O, Z, S, V).
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character GB 32100-2015 assigns to the first 17 characters. */
export function unifiedSocialCreditCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += ALPHABET.indexOf(first17[i] ?? '') * WEIGHTS[i]!;
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** A unified social credit code (统一社会信用代码): its shape, then its check character. */
export function isUnifiedSocialCreditCode(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  return unifiedSocialCreditCheckChar(value.slice(0, 17)) === value[17];
}
