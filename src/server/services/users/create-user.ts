import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { sealContact } from './user-contact';
import { linkUserUnit, setUnitAdmin } from './user-units';

export interface NewUser {
  username: string;
  password: string;
  fullname: string;
  role: string;
  orgName?: string;
  headimgurl?: string;
  phone?: string;
  email?: string;
  /** More units the user may act for, beside orgName's. */
  extraUnits?: readonly string[];
  /** Which of those units the user administers (a workflow's orgAdmin transitions). */
  adminOf?: readonly string[];
  /** Someone else chose the password: the first login may only change it (SECURITY R07). */
  mustChangePassword?: boolean;
}

/**
 * Creates an active user with an argon2id password hash and returns its id; orgName and extraUnits
 * become the user's units. The seed, the tests and 用户管理's new account use it (the last checks
 * the password policy first); self-registration has its own path.
 */
export async function createUser(db: Db, user: NewUser): Promise<string> {
  const rows = await db
    .insert(users)
    .values({
      username: user.username,
      passwordHash: await hashPassword(user.password),
      fullname: user.fullname,
      role: user.role,
      orgName: user.orgName ?? null,
      headimgurl: user.headimgurl ?? '',
      ...(await sealContact(db, { phone: user.phone ?? null, email: user.email ?? null })),
      passwordChangedAt: new Date(),
      mustChangePassword: user.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  const row = rows[0];
  if (!row) throw new Error(`user ${user.username} was not created`);
  for (const unit of [user.orgName, ...(user.extraUnits ?? [])]) {
    if (!unit) continue;
    const unitId = await linkUserUnit(db, row.id, unit);
    if (user.adminOf?.includes(unit)) await setUnitAdmin(db, row.id, unitId, true);
  }
  return row.id;
}
