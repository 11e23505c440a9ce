import { createHmac } from 'node:crypto';
import { ScureBase32Plugin } from 'otplib';

/**
 * Demo only (ADR 0067): the demo staff's authenticator secrets are derived from this published constant, so a
 * person trying the demo can add them to an authenticator app (README lists them) and the e2e suite computes
 * their codes. A real install has no demo accounts (isDemoMode), and its secrets come from the CSPRNG.
 */
export const DEMO_TOTP_SEED = 'kechuang-portal-demo-totp-2026';

const base32 = new ScureBase32Plugin();

/** A demo account's TOTP secret: HMAC-SHA256 of its username under the demo constant, 20 bytes, base32. */
export function demoTotpSecret(username: string): string {
  const bytes = createHmac('sha256', DEMO_TOTP_SEED).update(username).digest().subarray(0, 20);
  return base32.encode(new Uint8Array(bytes), { padding: false });
}
