import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

/** Usernames compare without case: 'Alice' cannot sit beside 'alice' (SECURITY R07). */
export function sameUsername(username: string): SQL {
  return sql`lower(${users.username}) = lower(${username})`;
}

/** Whether an account already holds the username, in any case. */
export async function usernameTaken(db: Pick<Db, 'select'>, username: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(sameUsername(username)).limit(1)).length > 0;
}
