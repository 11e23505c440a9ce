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
import { revokeSessionsOfOthers, revokeUserSessions } from '../../services/auth/session-store';
import { clearLoginFailures, usernameKey } from '../../services/auth/login-lockout';
import { fieldError, passwordFieldErrors } from '../../services/passwords/password-field-errors';
import { rememberReplacedPassword } from '../../services/passwords/password-history';
import { ROLE_CATALOGUE } from '../../services/roles/role-catalogue';
import { SEPARATED_ADMIN_ROLES } from '../../services/roles/separated-duties';
import { fillTemplate } from '../../../shared/i18n/fill-template';
import { findUserForAdmin } from './user-admin-store';
import { createUser } from '../../services/users/create-user';
import { usernameTaken } from '../../services/users/same-username';
import { phoneIs } from '../../services/users/user-contact';

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
 * And the end of every session but the caller's (SECURITY R11, ADR 0063), say after a breach.
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
      if (phone && (await db.select({ id: users.id }).from(users).where(phoneIs(db, phone)).limit(1)).length > 0) {
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
      // 三权分立 (ADR 0068): a password the system administrator chose for the security or audit administrator
      // would let it log in as them. Their own kind stays the system administrator's to reset.
      const held = await findUserForAdmin(db, target.id, app.clock());
      const other = [held?.role ?? '', ...(held?.grantedRoles ?? [])].find(
        (role) => SEPARATED_ADMIN_ROLES.includes(role) && !caller.roles.some((own) => own.id === role),
      );
      if (other !== undefined) {
        const name = ROLE_CATALOGUE.find((role) => role.id === other);
        const heldName = locale === 'en-US' ? (name?.nameEn ?? other).toLowerCase() : (name?.name ?? other);
        throw new AppError(403, 'adminPasswordSeparated', {
          msg: fillTemplate(serverMessage('adminPasswordSeparated', locale), { held: heldName }),
        });
      }
      if (version !== undefined && version !== target.version)
        throw new AppError(409, 'recordVersionConflict', { data: { version: target.version } });
      const errors = passwordFieldErrors(
        { password, confirm: confirmPassword, passwordPath: 'password', confirmPath: 'confirmPassword', username: target.username },
        locale,
      );
      if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });

      // No history check here (SECURITY R01 binds the owner's own choices): the owner must replace this
      // password at the next login, and that change is checked. The password it replaces is kept.
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        // The version claimed first (and the row locked), so that a refused reset leaves no history behind.
        const claimed = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, target.id), eq(users.version, target.version)))
          .for('update');
        if (claimed.length === 0) return false;
        await rememberReplacedPassword(tx, target.id, app.clock());
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: app.clock(), mustChangePassword: true, version: sql`${users.version} + 1` })
          .where(eq(users.id, target.id));
        // Whoever held the old password or a token loses it (R11), in the same commit as the new password.
        await revokeUserSessions(tx, target.id);
        await auditRequest(
          request,
          { event: 'PASSWORD_RESET', result: 'success', objectType: RESOURCE, objectId: target.id, action: `${PERMISSION}.update` },
          tx,
        );
        return true;
      });
      if (!done) throw new AppError(409, 'recordVersionConflict');
      // A lock the owner ran into is lifted (R03).
      await clearLoginFailures(db, usernameKey(target.username));
      request.log.info({ event: 'PASSWORD_RESET', userId: target.id }, 'password reset by an administrator');
      return ok(null, serverMessage('passwordResetByAdmin', locale));
    },
  );

  app.post(
    ENDPOINTS.userEndAllSessions,
    {
      // sysUser.disable: what 结束会话 needs for one account, not the update that locks and grants (ADR 0063).
      config: { access: { permission: `${PERMISSION}.disable` }, rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        summary: '结束除本人外所有用户的会话（各设备须重新登录；单个用户：用户管理的"结束会话"）',
        tags: ['用户'],
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['ended'],
          properties: { ended: { type: 'integer', minimum: 0, title: '结束的会话数' } },
        }),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const ended = await app.database.db.transaction(async (tx) => {
        const count = await revokeSessionsOfOthers(tx, caller.id);
        await auditRequest(
          request,
          { event: 'RECORD_TRANSITIONED', result: 'success', objectType: RESOURCE, objectId: null, action: 'endAllSessions' },
          tx,
        );
        return count;
      });
      request.log.info({ event: 'SESSIONS_ENDED', ended }, "every session but the caller's ended by an administrator");
      return ok({ ended }, serverMessage('allSessionsEnded', requestLocale(request)));
    },
  );
}
