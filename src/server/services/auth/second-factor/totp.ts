import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s steps (otplib's defaults, spelled out). */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** One step either side (±30 s) for a phone's clock and the time it takes to type. */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** The issuer an authenticator app shows beside the account name. */
export const TOTP_ISSUER = '科创服务门户';

/** 20 random bytes (160 bits, RFC 4226's recommendation), base32 as authenticator apps take them. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The RFC 6238 time step of an instant. */
export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step a code belongs to, when it is right at `now` (±1 step) and later than `afterStep`, the
 * newest step this account has already used: a code seen once is refused for good (replay, A5 6.5.1).
 * The caller records the step it gets back, conditionally, so two requests cannot both spend it.
 */
export async function acceptedTotpStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The functional verify answers for HOTP too; a TOTP success names its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
