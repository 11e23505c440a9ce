import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { fileLinks } from '../../db/schema';
import { sha256Hex } from '../../lib/sha256';

/** How long a file link works: long enough to open it, short enough that a leaked one soon dies. */
export const FILE_LINK_TTL_MS = 5 * 60 * 1000;

/** A new link token for the attachment, kept as its sha256 only; expired links are swept as new ones are made. */
export async function issueFileLink(db: Db, attachmentId: string, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + FILE_LINK_TTL_MS);
  await db.delete(fileLinks).where(lt(fileLinks.expiresAt, now));
  await db.insert(fileLinks).values({ tokenHash: sha256Hex(token), attachmentId, userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Whether the token is a live link to exactly this attachment. */
export async function fileLinkValid(db: Db, attachmentId: string, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ attachmentId: fileLinks.attachmentId })
    .from(fileLinks)
    .where(and(eq(fileLinks.tokenHash, sha256Hex(token)), eq(fileLinks.attachmentId, attachmentId), gt(fileLinks.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}
