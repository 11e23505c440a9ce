import { inArray } from 'drizzle-orm';
import { createUser, type NewUser } from '../modules/user/create-user';
import type { Db } from './database';
import { users } from './schema';

export const DEMO_PASSWORD = 'Kechuang@2026';

/** The demo accounts README lists; seeded only in embedded demo mode (see isDemoMode). */
export const DEMO_USERS: readonly NewUser[] = [
  { username: 'applicant', password: DEMO_PASSWORD, fullname: '张伟', role: 'applicant', orgName: '星河智能科技有限公司' },
  { username: 'reviewer', password: DEMO_PASSWORD, fullname: '李娜', role: 'reviewer', orgName: '市科学技术委员会' },
  { username: 'integrity', password: DEMO_PASSWORD, fullname: '王强', role: 'integrity', orgName: '市科学技术委员会' },
  { username: 'admin', password: DEMO_PASSWORD, fullname: '系统管理员', role: 'admin', orgName: '市科学技术委员会' },
];

/** Creates the demo accounts that are missing; an existing account (and its password) is left alone. */
export async function seedDemoUsers(db: Db): Promise<void> {
  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, DEMO_USERS.map((user) => user.username)));
  const present = new Set(existing.map((row) => row.username));
  for (const user of DEMO_USERS) {
    if (!present.has(user.username)) await createUser(db, user);
  }
}
