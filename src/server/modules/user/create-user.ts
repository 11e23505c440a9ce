import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';

export interface NewUser {
  username: string;
  password: string;
  fullname: string;
  role: string;
  orgName?: string;
  headimgurl?: string;
}

/** Creates a user with an argon2id password hash and returns its id. The seed and the tests use it. */
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
    })
    .returning({ id: users.id });
  const row = rows[0];
  if (!row) throw new Error(`user ${user.username} was not created`);
  return row.id;
}
