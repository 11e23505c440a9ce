// GB 11643-1999: 17 digits (area, birth date, sequence) and an ISO 7064 MOD 11-2 check character.
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
const SHAPE = /^\d{6}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/;

/** The check character GB 11643-1999 assigns to the first 17 digits. */
export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i] ?? 0) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

/** A resident identity card number (居民身份证号码): its shape and birth date, then its check character. */
export function isResidentIdNumber(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  const birth = new Date(`${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}T00:00:00Z`);
  if (Number.isNaN(birth.getTime()) || birth.getUTCDate() !== Number(value.slice(12, 14))) return false;
  return residentIdCheckChar(value.slice(0, 17)) === value[17];
}
