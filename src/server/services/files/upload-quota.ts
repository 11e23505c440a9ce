import { count, eq, sum } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { attachments } from '../../db/schema';

/**
 * What one account may keep (SECURITY R26, R36): enough for every form a company fills in a year,
 * not enough to use the portal as free storage. Unreferenced uploads leave after a day
 * (remove-unreferenced-uploads.ts), so a user who hits the limit by trying files gets room back.
 */
export const UPLOAD_QUOTA = { bytes: 500 * 1024 * 1024, files: 1000 } as const;

export type QuotaVerdict = 'ok' | 'tooManyFiles' | 'tooManyBytes';

/** Whether the user may store one more file of `size` bytes. */
export async function checkUploadQuota(
  db: Db,
  userId: string,
  size: number,
  quota: { bytes: number; files: number } = UPLOAD_QUOTA,
): Promise<QuotaVerdict> {
  const rows = await db
    .select({ files: count(), bytes: sum(attachments.size) })
    .from(attachments)
    .where(eq(attachments.userId, userId));
  const usage = rows[0];
  const files = usage?.files ?? 0;
  const bytes = Number(usage?.bytes ?? 0);
  if (files + 1 > quota.files) return 'tooManyFiles';
  if (bytes + size > quota.bytes) return 'tooManyBytes';
  return 'ok';
}
