/** SECURITY R35 / GB/T 35273 7.2: show enough to recognise one's own number, not to use it. 13800000001 → 138****0001. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** zhangwei@example.com → z***@example.com; the domain stays, so the user knows which mailbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** 110105199001011234 → 110105********1234: the area and the last four, never the birth date. */
export function maskIdNumber(id: string): string {
  if (id.length < 10) return '*'.repeat(id.length);
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}

/** G12345678 → G*****678: the letter and the last three, as a passport's holder recognises it. */
export function maskPassport(passport: string): string {
  if (passport.length < 6) return '*'.repeat(passport.length);
  return `${passport.slice(0, 1)}${'*'.repeat(passport.length - 4)}${passport.slice(-3)}`;
}

/** 6222021234567891234 → 6222***********1234: the bank's prefix and the last four, as a bank's own statements show. */
export function maskBankAccount(account: string): string {
  if (account.length < 10) return '*'.repeat(account.length);
  return `${account.slice(0, 4)}${'*'.repeat(account.length - 8)}${account.slice(-4)}`;
}

/**
 * The masks a record field may ask for (x-mask): the personal fields of issue 34 (resident ID, passport, phone,
 * e-mail, bank account). Each is idempotent (a masked value masks to itself), which isShownMasked relies on.
 */
export const MASKS = {
  idNumber: maskIdNumber,
  phone: maskPhone,
  email: maskEmail,
  passport: maskPassport,
  bankAccount: maskBankAccount,
} as const satisfies Record<string, (value: string) => string>;
export type MaskName = keyof typeof MASKS;
