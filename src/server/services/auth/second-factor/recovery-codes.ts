import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { mfaRecoveryCodes } from '../../../db/schema';
import { sha256Hex } from '../../../lib/sha256';

export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32: no I, L, O or U, so a code read off paper is not mistyped.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * 16 symbols of 5 bits: 80 random bits, shown as XXXX-XXXX-XXXX-XXXX. So many bits that a fast hash is
 * enough to store it (no one tries 2^80 codes), and a code can be found by its hash in one indexed step.
 */
export function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const symbols = [...bytes].map((byte) => ALPHABET[byte % 32]).join('');
  return symbols.match(/.{4}/g)?.join('-') ?? symbols;
}

/** The code as typed, made comparable: case, spaces and hyphens do not matter, nor O for 0 or I/L for 1. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

// Bound to the account, so the same code could never open another one.
const codeHash = (userId: string, code: string): string => sha256Hex(`mfa-recovery:${userId}:${normaliseRecoveryCode(code)}`);

/** Replaces the account's recovery codes with ten new ones; returns them, the only time they are seen in clear. */
export async function issueRecoveryCodes(db: Pick<Db, 'delete' | 'insert'>, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codes.map((code) => ({ codeHash: codeHash(userId, code), userId, createdAt: now })));
  return codes;
}

/** Spends a recovery code: true exactly once per code, by a conditional update. */
export async function spendRecoveryCode(db: Db, userId: string, typed: string, now: Date): Promise<boolean> {
  if (normaliseRecoveryCode(typed).length !== 16) return false;
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(mfaRecoveryCodes.codeHash, codeHash(userId, typed)), eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)),
    )
    .returning({ userId: mfaRecoveryCodes.userId });
  return rows.length === 1;
}

/** How many recovery codes the account has left. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}
