import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { smsCodes } from '../../db/schema';
import { sameDigest, sha256Hex } from '../../lib/sha256';
import { personalCipherOf } from '../../services/crypto/personal-cipher';

/** SECURITY R05. */
export const SMS_CODE_LIFETIME_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_MAX_ATTEMPTS = 5;

// mfa: the second factor's fallback for a staff member with no authenticator (ADR 0067).
export type SmsPurpose = 'resetPassword' | 'register' | 'mfa';

// Bound to the phone and the flow: a registration code cannot reset a password.
const codeHash = (phoneKey: string, purpose: SmsPurpose, code: string): string => sha256Hex(`${purpose}:${phoneKey}:${code}`);

/**
 * The phone as sms_codes holds it: its keyed blind index, not the number (SECURITY R34, ADR 0066). The
 * code's hash is over the index too, so a copy of the table gives neither the numbers nor, by trying every
 * number and code, the pairs.
 */
export function smsPhoneKey(db: Db, phone: string): string {
  return personalCipherOf(db).blindIndex('phone', phone);
}

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** How long until this phone may be sent another code; 0 when it may now. */
export async function resendWaitMs(db: Db, phone: string, now: Date): Promise<number> {
  const rows = await db
    .select({ sentAt: smsCodes.sentAt })
    .from(smsCodes)
    .where(eq(smsCodes.phone, smsPhoneKey(db, phone)))
    .limit(1);
  const sentAt = rows[0]?.sentAt;
  return sentAt ? Math.max(0, sentAt.getTime() + SMS_RESEND_INTERVAL_MS - now.getTime()) : 0;
}

/**
 * Stores a new code for the phone, replacing the previous one, but only if the last send is at least
 * 60 s old: the condition sits in the upsert itself, so two racing requests cannot both send.
 * Returns false when the interval has not passed.
 */
export async function storeSmsCode(db: Db, phone: string, purpose: SmsPurpose, code: string, now: Date): Promise<boolean> {
  const key = smsPhoneKey(db, phone);
  const values = {
    phone: key,
    purpose,
    codeHash: codeHash(key, purpose, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_LIFETIME_MS),
    usedAt: null,
  };
  const rows = await db
    .insert(smsCodes)
    .values(values)
    .onConflictDoUpdate({
      target: smsCodes.phone,
      set: values,
      setWhere: lte(smsCodes.sentAt, new Date(now.getTime() - SMS_RESEND_INTERVAL_MS)),
    })
    .returning({ phone: smsCodes.phone });
  return rows.length === 1;
}

/**
 * Checks a code: every try is counted first (the 6th try fails even with the right code), and the
 * right code is marked used by a conditional update, so it works exactly once.
 */
export async function consumeSmsCode(db: Db, phone: string, purpose: SmsPurpose, code: string, now: Date): Promise<boolean> {
  const key = smsPhoneKey(db, phone);
  const live = and(eq(smsCodes.phone, key), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now));
  const tried = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(live, lt(smsCodes.attempts, SMS_MAX_ATTEMPTS)))
    .returning({ codeHash: smsCodes.codeHash, purpose: smsCodes.purpose });
  const stored = tried[0];
  if (!stored || stored.purpose !== purpose || !sameDigest(stored.codeHash, codeHash(key, purpose, code))) return false;
  const used = await db.update(smsCodes).set({ usedAt: now }).where(live).returning({ phone: smsCodes.phone });
  return used.length === 1;
}
