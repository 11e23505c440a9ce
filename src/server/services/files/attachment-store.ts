import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { attachments } from '../../db/schema';
import type { UploadTarget } from '../../../shared/generated/upload-target';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = Omit<typeof attachments.$inferInsert, 'createdAt'>;

export async function insertAttachment(db: Db, attachment: NewAttachment): Promise<AttachmentRow> {
  const rows = await db.insert(attachments).values(attachment).returning();
  const row = rows[0];
  if (!row) throw new Error('attachment insert returned no row');
  return row;
}

export async function findAttachment(db: Db, id: string): Promise<AttachmentRow | undefined> {
  const rows = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  return rows[0];
}

/** What an upload belongs to: an activity (its steps) or a resource (its record form). */
export interface UploadOwner {
  userId: string;
  ownerKind: UploadTarget['ownerKind'];
  ownerId: string;
}

/** The caller's uploads for one owner among `ids`: what a record of that owner may reference. */
export async function findOwnAttachments(db: Db, owner: UploadOwner, ids: readonly string[]): Promise<Map<string, AttachmentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.userId, owner.userId),
        eq(attachments.ownerKind, owner.ownerKind),
        eq(attachments.ownerId, owner.ownerId),
        inArray(attachments.id, [...ids]),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}
