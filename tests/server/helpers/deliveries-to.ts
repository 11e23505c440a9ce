import { desc } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/database';
import { messageDeliveries } from '../../../src/server/db/schema';
import { personalCipherOf } from '../../../src/server/services/crypto/personal-cipher';
import { openIfSealed } from '../../../src/server/services/crypto/personal-values';

/** The deliveries queued to a number or address, newest first: stored sealed (ADR 0070), so found by opening each. */
export async function deliveriesTo(db: Db, recipient: string): Promise<(typeof messageDeliveries.$inferSelect)[]> {
  const cipher = personalCipherOf(db);
  const rows = await db.select().from(messageDeliveries).orderBy(desc(messageDeliveries.createdAt));
  const opened = await Promise.all(rows.map(async (row) => ({ row, recipient: await openIfSealed(cipher, row.recipient) })));
  return opened.filter((entry) => entry.recipient === recipient).map((entry) => entry.row);
}
