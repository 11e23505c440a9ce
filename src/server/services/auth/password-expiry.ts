const DAY_MS = 86_400_000;

/**
 * SECURITY R01's optional rotation (PASSWORD_MAX_AGE_DAYS; MLPS practice is 90): whether a password
 * set at `changedAt` is too old at `now`. Unset or 0 means passwords never expire. An account whose
 * password was never changed counts from its creation.
 */
export function isPasswordExpired(changedAt: Date | null, createdAt: Date, maxAgeDays: number | undefined, now: Date): boolean {
  if (!maxAgeDays) return false;
  return now.getTime() - (changedAt ?? createdAt).getTime() > maxAgeDays * DAY_MS;
}
