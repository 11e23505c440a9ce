import { personalCipherOf } from '../crypto/personal-cipher';
import { openIfSealed } from '../crypto/personal-values';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { messageDeliveries } from '../../db/schema';

export interface MessageDeliveryRow {
  id: string;
  channel: string;
  transport: string;
  recipient: string;
  subject: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

export interface MessageDeliveryFilter {
  statuses: readonly string[];
  channel?: string | undefined;
  pageNo: number;
  pageSize: number;
}

/** One page of deliveries, newest first, with the total; never the body (codes and links). */
export async function listMessageDeliveries(db: Db, filter: MessageDeliveryFilter): Promise<{ total: number; rows: MessageDeliveryRow[] }> {
  const parts: SQL[] = [inArray(messageDeliveries.status, [...filter.statuses])];
  if (filter.channel !== undefined) parts.push(eq(messageDeliveries.channel, filter.channel));
  const where = and(...parts);
  const rows = await db
    .select({
      id: messageDeliveries.id,
      channel: messageDeliveries.channel,
      transport: messageDeliveries.transport,
      recipient: messageDeliveries.recipient,
      subject: messageDeliveries.subject,
      status: messageDeliveries.status,
      attempts: messageDeliveries.attempts,
      lastError: messageDeliveries.lastError,
      createdAt: messageDeliveries.createdAt,
      updatedAt: messageDeliveries.updatedAt,
      sentAt: messageDeliveries.sentAt,
    })
    .from(messageDeliveries)
    .where(where)
    .orderBy(desc(messageDeliveries.createdAt), desc(messageDeliveries.id))
    .limit(filter.pageSize)
    .offset((filter.pageNo - 1) * filter.pageSize);
  const totals = await db.select({ n: count() }).from(messageDeliveries).where(where);
  // Opened for the list's mask (ADR 0070): the recipient is stored sealed.
  const cipher = personalCipherOf(db);
  const opened = await Promise.all(rows.map(async (row) => ({ ...row, recipient: await openIfSealed(cipher, row.recipient) })));
  return { total: Number(totals[0]?.n ?? 0), rows: opened };
}
