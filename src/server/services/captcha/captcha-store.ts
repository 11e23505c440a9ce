import { and, eq } from 'drizzle-orm';
import { CAPTCHA_LIFETIME_MS } from '../../../shared/constants';
import type { Db } from '../../db/database';
import { captchas } from '../../db/schema';
import { sameDigest, sha256Hex } from '../../lib/sha256';

/** 'message' for the message board, 'resource:<name>' for a resource's record form. */
export type CaptchaPurpose = string;
export type CaptchaCheck = 'ok' | 'invalid' | 'expired';

function answerHash(answer: string): string {
  return sha256Hex(answer.trim().toLowerCase());
}

/**
 * Stores the answer's hash for this user and purpose, replacing any earlier captcha. It lives in the
 * database, not in memory, so any server process can check it.
 */
export async function storeCaptcha(db: Db, userId: string, purpose: CaptchaPurpose, answer: string, now: Date): Promise<void> {
  const row = { userId, purpose, answerHash: answerHash(answer), createdAt: now, expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_MS) };
  await db
    .insert(captchas)
    .values(row)
    .onConflictDoUpdate({
      target: [captchas.userId, captchas.purpose],
      set: { answerHash: row.answerHash, createdAt: now, expiresAt: row.expiresAt },
    });
}

/**
 * Checks an answer, case-insensitively. The captcha is deleted by the same statement that reads it,
 * whatever the outcome, so each captcha gets exactly one attempt even under concurrent requests.
 */
export async function consumeCaptcha(db: Db, userId: string, purpose: CaptchaPurpose, answer: string, now: Date): Promise<CaptchaCheck> {
  const rows = await db
    .delete(captchas)
    .where(and(eq(captchas.userId, userId), eq(captchas.purpose, purpose)))
    .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  const stored = rows[0];
  if (!stored) return 'invalid';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  return sameDigest(stored.answerHash, answerHash(answer)) ? 'ok' : 'invalid';
}
