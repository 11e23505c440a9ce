import { randomBytes } from 'node:crypto';
import { eq, lte } from 'drizzle-orm';
import { CAPTCHA_LIFETIME_MS } from '../../../shared/constants';
import type { Db } from '../../db/database';
import { loginCaptchas } from '../../db/schema';
import { sameDigest, sha256Hex } from '../../lib/sha256';
import type { CaptchaCheck } from './captcha-store';

const answerHash = (answer: string): string => sha256Hex(answer.trim().toLowerCase());

/**
 * A captcha for someone not logged in yet (the login page): there is no user to key it by, so it is
 * keyed by a random id handed out with the image. Only the id's and the answer's hashes are stored;
 * it lives 5 minutes (SECURITY R04). Returns the id.
 */
export async function storeLoginCaptcha(db: Db, answer: string, now: Date): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  // Anonymous callers can create rows at will, so expired ones are swept on every issue.
  await db.delete(loginCaptchas).where(lte(loginCaptchas.expiresAt, now));
  await db.insert(loginCaptchas).values({
    idHash: sha256Hex(id),
    answerHash: answerHash(answer),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_MS),
  });
  return id;
}

/**
 * One attempt per captcha: deleted by the statement that reads it, whatever the answer, so a replay
 * of the same id never gets a second try (JeecgBoot #2227).
 */
export async function consumeLoginCaptcha(db: Db, id: string, answer: string, now: Date): Promise<CaptchaCheck> {
  const rows = await db
    .delete(loginCaptchas)
    .where(eq(loginCaptchas.idHash, sha256Hex(id)))
    .returning({ answerHash: loginCaptchas.answerHash, expiresAt: loginCaptchas.expiresAt });
  const stored = rows[0];
  if (!stored) return 'invalid';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  return sameDigest(stored.answerHash, answerHash(answer)) ? 'ok' : 'invalid';
}
