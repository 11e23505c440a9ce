import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { messages } from '../../db/schema';
import type { FormSchemaEntry } from '../form-schemas/schema-registry';

export async function insertMessage(db: Db, userId: string, form: Pick<FormSchemaEntry, 'id' | 'version'>, data: Record<string, unknown>): Promise<string> {
  const rows = await db.insert(messages).values({ userId, schemaId: form.id, schemaVersion: form.version, data }).returning({ id: messages.id });
  const row = rows[0];
  if (!row) throw new Error('message insert returned no row');
  return row.id;
}

export interface MessageRecord extends Record<string, unknown> {
  id: string;
  createTime: string;
}

export interface MessagePageQuery {
  pageNo: number;
  pageSize: number;
  ascending: boolean;
}

/** One page of the user's own messages, newest first unless asked otherwise. */
export async function listUserMessages(db: Db, userId: string, query: MessagePageQuery): Promise<{ total: number; records: MessageRecord[] }> {
  const order = query.ascending ? [asc(messages.createdAt), asc(messages.id)] : [desc(messages.createdAt), desc(messages.id)];
  const rows = await db
    .select({ id: messages.id, data: messages.data, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  // The count is per user and walks the (user_id, created_at) index; fine at a person's message volume.
  const totals = await db.select({ total: count() }).from(messages).where(eq(messages.userId, userId));
  return {
    total: totals[0]?.total ?? 0,
    records: rows.map((row) => ({ ...row.data, id: row.id, createTime: row.createdAt.toISOString() })),
  };
}
