import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema';

/** How long a key and its answer are kept (SECURITY R37: at least 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim holds while its request runs. A process that dies mid-request leaves its claim
 * behind; after this another request with the key runs it again. Twice the longest request a client
 * may take to send (REQUEST_TIMEOUT_MS, 60 s) so that a live request is never taken over.
 */
export const IDEMPOTENCY_LEASE_MS = 120_000;

/** The key's row as another request with it finds it. */
export interface StoredKey {
  fingerprint: string;
  /** null while the first request is still running. */
  status: number | null;
  contentType: string | null;
  body: string | null;
  /** Set, in the same transaction, when the request's own write committed (ADR 0071). */
  committedAt: Date | null;
  lockedUntil: Date;
}

/**
 * Takes the key for this request, atomically across processes: a new key, an expired one, or a claim
 * left by a request that never finished (its lease is over) and never committed its write (ADR 0071).
 * True when this request now runs it.
 */
export async function claimKey(db: Db, scope: string, key: string, fingerprint: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      scope,
      key,
      fingerprint,
      lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        status: sql`NULL`,
        contentType: sql`NULL`,
        body: sql`NULL`,
        committedAt: sql`NULL`,
        lockedUntil: sql`excluded.locked_until`,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${nowIso}::timestamptz OR (${idempotencyKeys.status} IS NULL AND ${idempotencyKeys.committedAt} IS NULL AND ${idempotencyKeys.lockedUntil} <= ${nowIso}::timestamptz)`,
    })
    .returning({ scope: idempotencyKeys.scope });
  return rows.length === 1;
}

/** The key's row, if it is still there. */
export async function readKey(db: Db, scope: string, key: string): Promise<StoredKey | undefined> {
  const rows = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      contentType: idempotencyKeys.contentType,
      body: idempotencyKeys.body,
      committedAt: idempotencyKeys.committedAt,
      lockedUntil: idempotencyKeys.lockedUntil,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  return rows[0];
}

/** The first answer, kept for the key's lifetime. */
export async function completeKey(
  db: Db,
  scope: string,
  key: string,
  answer: { status: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, contentType: answer.contentType, body: answer.body })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

/**
 * Gives an unfinished claim up (the request failed), so a retry with the key runs again. A failed
 * request's transactions rolled back; one that committed and then failed (an audit row of a refusal)
 * is released too, as its answer says it did not do what was asked.
 */
export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

/**
 * Marks the claim's write as committed, inside the write's own transaction (db/commit-hooks.ts): if the
 * process dies before the answer is stored, a retry learns the write happened instead of making it again.
 */
export async function markCommitted(tx: Db, scope: string, key: string, now: Date): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ committedAt: now })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}
