import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notifications } from '../../db/schema';
import type { Notification } from '../../../shared/generated/notification';

type NotificationRow = typeof notifications.$inferSelect;

/** A notice as the API sends it: the type generated from schemas/api/notification.schema.json. */
export type NotificationView = Notification;

function toView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    resource: row.resource,
    recordId: row.recordId,
    action: row.action,
    title: row.title,
    titleEn: row.titleEn,
    body: row.body,
    bodyEn: row.bodyEn,
    href: row.href,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NotificationPageQuery {
  pageNo: number;
  pageSize: number;
  unreadFirst: boolean;
  unreadOnly: boolean;
}

/** One page of the recipient's own notices: every query is bound to the recipient, so nobody reads another's. */
export async function listNotifications(
  db: Db,
  recipientId: string,
  query: NotificationPageQuery,
): Promise<{ total: number; records: NotificationView[] }> {
  const where = and(eq(notifications.recipientId, recipientId), query.unreadOnly ? isNull(notifications.readAt) : undefined);
  const order = [desc(notifications.createdAt), desc(notifications.id)];
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    // Unread first: false (unread) sorts before true.
    .orderBy(...(query.unreadFirst ? [sql`${notifications.readAt} IS NOT NULL`, ...order] : order))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  return { total: total?.n ?? 0, records: rows.map(toView) };
}

export async function countUnread(db: Db, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the recipient's notices read (a second time keeps the first time); undefined when it is not theirs. */
export async function markRead(db: Db, recipientId: string, id: string, now: Date): Promise<NotificationView | undefined> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .limit(1);
  return row ? toView(row) : undefined;
}

/** Marks every unread notice of the recipient read; returns how many. */
export async function markAllRead(db: Db, recipientId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
