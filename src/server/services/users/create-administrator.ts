import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { writeAudit } from '../audit/write-audit';
import { passwordFieldErrors } from '../passwords/password-field-errors';
import { createUser } from './create-user';
import { oneTimePassword } from './one-time-password';
import { usernameTaken } from './same-username';
import { SYSTEM_ADMIN_ROLE } from '../roles/separated-duties';

export class AdministratorExistsError extends Error {
  override name = 'AdministratorExistsError';
}

/**
 * Opens an administrator account with a random one-time password (SECURITY R07): how a production
 * install, which seeds no account, gets its first administrator, and how one is recovered when every
 * administrator is locked out. The password is returned once, to be handed over, and must be changed
 * at the first login. The creation is in the audit log like 用户管理's own (sysUser.add). `role` opens one of
 * the other two administrators instead (三权分立, ADR 0068): nobody in the portal may set their passwords.
 */
export async function createAdministrator(
  db: Db,
  account: { username: string; fullname: string; role?: string },
  now: Date,
): Promise<{ id: string; password: string }> {
  if (await usernameTaken(db, account.username)) throw new AdministratorExistsError(`the username ${account.username} is taken`);
  let password = oneTimePassword();
  while (
    passwordFieldErrors(
      { password, confirm: password, passwordPath: 'password', confirmPath: 'confirm', username: account.username },
      'zh-CN',
    ).length > 0
  ) {
    password = oneTimePassword();
  }
  const id = await createUser(db, {
    username: account.username,
    fullname: account.fullname,
    password,
    role: account.role ?? SYSTEM_ADMIN_ROLE,
    mustChangePassword: true,
  });
  await writeAudit(db, {
    event: 'RECORD_CREATED',
    result: 'success',
    reason: 'commandLine',
    objectType: 'sys-user',
    objectId: id,
    action: 'sysUser.add',
    ip: '127.0.0.1',
    userAgent: 'npm run admin:create',
    requestId: `cli-${randomUUID()}`,
    at: now,
  });
  return { id, password };
}
