const CLASSES = [/\d/, /[a-z]/, /[A-Z]/, /\W/];

/**
 * The spec's password-strength score (§5), exactly: each character adds 5 divided by how many
 * times it has appeared so far; each character class present beyond the first (digits, lower case,
 * upper case, non-word) adds 10; the result is truncated to an integer; an empty password is 0.
 */
export function passwordStrength(password: string): number {
  if (!password) return 0;
  const seen = new Map<string, number>();
  let score = 0;
  for (const char of password) {
    const count = (seen.get(char) ?? 0) + 1;
    seen.set(char, count);
    score += 5 / count;
  }
  const classes = CLASSES.filter((pattern) => pattern.test(password)).length;
  score += (classes - 1) * 10;
  return Math.trunc(score);
}

export type StrengthLevel = 'weak' | 'medium' | 'strong';

/** The meter's three bands (the usual ones for this score): below 30 weak, below 60 medium. */
export function strengthLevel(score: number): StrengthLevel {
  if (score < 30) return 'weak';
  return score < 60 ? 'medium' : 'strong';
}
