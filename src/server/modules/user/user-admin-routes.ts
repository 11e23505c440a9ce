import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import userCreateRequestSchema from '../../../../schemas/api/user-create-request.schema.json';
import userPasswordResetRequestSchema from '../../../../schemas/api/user-password-reset-request.schema.json';
import type { UserCreateRequest } from '../../../shared/generated/user-create-request';
import type { UserPasswordResetRequest } from '../../../shared/generated/user-password-reset-request';
import { users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { NO_DATA, okResponse } from '../../lib/ok-response';
import { hashPassword } from '../../lib/password';
import { requireUser } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import { revokeUserSessions } from '../../services/auth/session-store';
import { clearLoginFailures, usernameKey } from '../../services/auth/login-lockout';
import { fieldError, passwordFieldErrors } from '../../services/passwords/password-field-errors';
import { ROLE_CATALOGUE } from '../../services/roles/role-catalogue';
import { createUser } from '../../services/users/create-user';
import { usernameTaken } from '../../services/users/same-username';

/** The resource folder and permission of 用户管理 (schemas/resources/sys-user). */
const RESOURCE = 'sys-user';
const PERMISSION = 'sysUser';
const DEFAULT_ROLE = 'applicant';

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /unique|duplicate/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);
}

/**
 * 用户管理's two password writes (SECURITY R01, R07): an administrator opens an account, or gives
 * one a new password. Either way the password is the administrator's choice, so it passes the same
 * policy as any other and the owner must replace it at the next login (users.must_change_password).
 */
export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: UserCreateRequest }>(
    ENDPOINTS.userCreate,
    {
      config: { access: { permission: `${PERMISSION}.add` }, idempotent: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '新建用户（管理员设置初始密码，用户首次登录须修改）',
        tags: ['用户'],
        body: userCreateRequestSchema,
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['id', 'username'],
          properties: { id: { type: 'string', format: 'uuid', title: '用户编号' }, username: { type: 'string', title: '用户名' } },
        }),
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const { username, fullname, password, confirmPassword, orgName, phone, email } = request.body;
      const role = request.body.role ?? DEFAULT_ROLE;
      const { db } = app.database;
      const errors = passwordFieldErrors(
        { password, confirm: confirmPassword, passwordPath: 'password', confirmPath: 'confirmPassword', username },
        locale,
      );
      if (!ROLE_CATALOGUE.some((entry) => entry.id === role)) errors.push(fieldError('role', 'enum', serverMessage('roleUnknown', locale)));
      if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });
      // Case-insensitive, as for a registration: 'Alice' cannot sit beside 'alice' (SECURITY R07).
      if (await usernameTaken(db, username)) {
        throw new AppError(409, 'usernameTaken', { errors: [fieldError('username', 'unique', serverMessage('usernameTaken', locale))] });
      }
      if (phone && (await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1)).length > 0) {
        throw new AppError(409, 'phoneTaken', { errors: [fieldError('phone', 'unique', serverMessage('phoneTaken', locale))] });
      }
      let id: string;
      try {
        id = await createUser(db, {
          username,
          password,
          fullname: fullname.trim(),
          role,
          mustChangePassword: true,
          ...(orgName ? { orgName } : {}),
          ...(phone ? { phone } : {}),
          ...(email ? { email } : {}),
        });
      } catch (error) {
        // Another administrator (or a registration) took the name or the phone after the checks.
        if (isUniqueViolation(error))
          throw new AppError(409, 'usernameTaken', { errors: [fieldError('username', 'unique', serverMessage('usernameTaken', locale))] });
        throw error;
      }
      await auditRequest(request, {
        event: 'RECORD_CREATED',
        result: 'success',
        objectType: RESOURCE,
        objectId: id,
        action: `${PERMISSION}.add`,
      });
      return ok({ id, username }, serverMessage('userCreated', locale));
    },
  );

  app.put<{ Body: UserPasswordResetRequest }>(
    ENDPOINTS.userPasswordReset,
    {
      config: { access: { permission: `${PERMISSION}.update` }, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '重置用户密码（该用户全部会话失效，下次登录须修改密码）',
        tags: ['用户'],
        body: userPasswordResetRequestSchema,
        response: okResponse(NO_DATA),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const locale = requestLocale(request);
      const { id, version, password, confirmPassword } = request.body;
      const { db } = app.database;
      const target = (
        await db.select({ id: users.id, username: users.username, version: users.version }).from(users).where(eq(users.id, id)).limit(1)
      )[0];
      if (!target) throw new AppError(404, 'notFound');
      // One's own password is changed knowing the current one, on the account settings page.
      if (target.id === caller.id) throw new AppError(403, 'ownAccountPassword');
      if (version !== undefined && version !== target.version)
        throw new AppError(409, 'recordVersionConflict', { data: { version: target.version } });
      const errors = passwordFieldErrors(
        { password, confirm: confirmPassword, passwordPath: 'password', confirmPath: 'confirmPassword', username: target.username },
        locale,
      );
      if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });

      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: app.clock(), mustChangePassword: true, version: sql`${users.version} + 1` })
          .where(and(eq(users.id, target.id), eq(users.version, target.version)))
          .returning({ id: users.id });
        if (rows.length === 0) return false;
        await auditRequest(
          request,
          { event: 'PASSWORD_RESET', result: 'success', objectType: RESOURCE, objectId: target.id, action: `${PERMISSION}.update` },
          tx,
        );
        return true;
      });
      if (!done) throw new AppError(409, 'recordVersionConflict');
      // Whoever held the old password or a token loses it, and a lock the owner ran into is lifted (R03, R11).
      await revokeUserSessions(db, target.id);
      await clearLoginFailures(db, usernameKey(target.username));
      request.log.info({ event: 'PASSWORD_RESET', userId: target.id }, 'password reset by an administrator');
      return ok(null, serverMessage('passwordResetByAdmin', locale));
    },
  );
}
