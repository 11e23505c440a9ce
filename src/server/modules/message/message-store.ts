import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { messages, users } from '../../db/schema';
import type { FormSchemaEntry } from '../../engine/units/schema-registry';

export async function insertMessage(
  db: Db,
  userId: string,
  form: Pick<FormSchemaEntry, 'id' | 'version'>,
  data: Record<string, unknown>,
): Promise<string> {
  // One statement, yet in a transaction: a keyed post marks its Idempotency-Key committed there (ADR 0071).
  const rows = await db.transaction((tx) =>
    tx.insert(messages).values({ userId, schemaId: form.id, schemaVersion: form.version, data }).returning({ id: messages.id }),
  );
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
export async function listUserMessages(
  db: Db,
  userId: string,
  query: MessagePageQuery,
): Promise<{ total: number; records: MessageRecord[] }> {
  const order = query.ascending ? [asc(messages.createdAt), asc(messages.id)] : [desc(messages.createdAt), desc(messages.id)];
  const rows = await db
    .select({ id: messages.id, data: messages.data, createdAt: messages.createdAt, reply: messages.reply, repliedAt: messages.repliedAt })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  // The count is per user and walks the (user_id, created_at) index; fine at a person's message volume.
  const totals = await db.select({ total: count() }).from(messages).where(eq(messages.userId, userId));
  return {
    total: totals[0]?.total ?? 0,
    records: rows.map((row) => ({
      ...row.data,
      id: row.id,
      createTime: row.createdAt.toISOString(),
      ...(row.reply === null ? {} : { reply: row.reply }),
      ...(row.repliedAt === null ? {} : { replyTime: row.repliedAt.toISOString() }),
    })),
  };
}

/** A message's state in the message resource's workflow: answered or not. */
export type MessageState = 'pending' | 'replied';

export interface MessageRow {
  id: string;
  userId: string;
  ownerName: string;
  data: Record<string, unknown>;
  reply: string | null;
  repliedAt: Date | null;
  version: number;
  createdAt: Date;
}

export interface MessageListQuery {
  /** One user's messages, or everyone's. */
  userId: string | undefined;
  states: readonly MessageState[];
  messageType: string | undefined;
  pageNo: number;
  pageSize: number;
  ascending: boolean;
}

const ROW = {
  id: messages.id,
  userId: messages.userId,
  ownerName: users.fullname,
  data: messages.data,
  reply: messages.reply,
  repliedAt: messages.repliedAt,
  version: messages.version,
  createdAt: messages.createdAt,
};

function stateCondition(states: readonly MessageState[]): SQL | undefined {
  if (states.includes('pending') && states.includes('replied')) return undefined;
  return states.includes('replied') ? isNotNull(messages.reply) : isNull(messages.reply);
}

/** A page of messages for the message resource's lists (我的留言, 留言回复), newest first unless asked otherwise. */
export async function listMessages(db: Db, query: MessageListQuery): Promise<{ total: number; rows: MessageRow[] }> {
  const where = and(
    query.userId === undefined ? undefined : eq(messages.userId, query.userId),
    stateCondition(query.states),
    query.messageType === undefined ? undefined : sql`${messages.data} ->> 'messageType' = ${query.messageType}::text`,
  );
  const order = query.ascending ? [asc(messages.createdAt), asc(messages.id)] : [desc(messages.createdAt), desc(messages.id)];
  const rows = await db
    .select(ROW)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const totals = await db.select({ total: count() }).from(messages).where(where);
  return { total: totals[0]?.total ?? 0, rows };
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const rows = await db.select(ROW).from(messages).innerJoin(users, eq(users.id, messages.userId)).where(eq(messages.id, id)).limit(1);
  return rows[0];
}

/** Writes the reply once, at the version read; undefined when someone changed the message meanwhile. */
export async function writeReply(
  db: Pick<Db, 'update'>,
  input: { id: string; version: number; reply: string; repliedBy: string; now: Date },
): Promise<{ version: number } | undefined> {
  const rows = await db
    .update(messages)
    .set({ reply: input.reply, repliedBy: input.repliedBy, repliedAt: input.now, version: sql`${messages.version} + 1` })
    .where(and(eq(messages.id, input.id), eq(messages.version, input.version), isNull(messages.reply)))
    .returning({ version: messages.version });
  return rows[0];
}

export const isMessageState = (value: string): value is MessageState => value === 'pending' || value === 'replied';
