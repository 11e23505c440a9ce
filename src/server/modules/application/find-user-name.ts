import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

/** The display name of a user (the applicant shown to reviewers). */
export async function findUserName(db: Db, userId: string): Promise<string> {
  const rows = await db.select({ fullname: users.fullname }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.fullname ?? '';
}
