import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { applications, attachments, records } from '../../db/schema';
import type { FileStore } from './file-store';

/** A day: long enough for a user to finish the form the file was uploaded for (SECURITY R26, R36). */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * Deletes uploads that nothing refers to after the grace period: a file chosen in a form that was
 * then cleared, replaced or never saved. A file is referred to when its id appears in the data of
 * the application (its owner's, for that activity) or of a record of the resource it was uploaded
 * for. The row goes first, so a crash between the two leaves bytes nobody can reach, never a row
 * without bytes.
 */
export async function removeUnreferencedUploads(
  db: Db,
  files: FileStore,
  now: Date,
  graceMs = UPLOAD_GRACE_MS,
): Promise<{ removed: number }> {
  const cutoff = new Date(now.getTime() - graceMs);
  let removed = 0;
  for (;;) {
    const rows = await db
      .select({ id: attachments.id })
      .from(attachments)
      .where(
        and(
          lt(attachments.createdAt, cutoff),
          sql`NOT (${attachments.ownerKind} = 'activity' AND EXISTS (
            SELECT 1 FROM ${applications} p
            WHERE p.user_id = ${attachments.userId} AND p.activity_id = ${attachments.ownerId} AND strpos(p.data::text, ${attachments.id}::text) > 0))`,
          sql`NOT (${attachments.ownerKind} = 'resource' AND EXISTS (
            SELECT 1 FROM ${records} r
            WHERE r.resource = ${attachments.ownerId} AND strpos(r.data::text, ${attachments.id}::text) > 0))`,
        ),
      )
      .orderBy(asc(attachments.createdAt))
      .limit(BATCH);
    const ids = rows.map((row) => row.id);
    for (const id of ids) {
      await db.delete(attachments).where(eq(attachments.id, id));
      await files.remove(id);
      removed += 1;
    }
    if (ids.length < BATCH) return { removed };
  }
}
