import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import changePasswordRequestSchema from '../../../../schemas/api/change-password-request.schema.json';
import securitySummarySchema from '../../../../schemas/api/security-summary.schema.json';
import type { ChangePasswordRequest } from '../../../shared/generated/change-password-request';
import type { SecuritySummary } from '../../../shared/generated/security-summary';
import { sessionClassOf } from '../../../shared/rules/session-policy';
import { externalIdentities, users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { NO_DATA, okResponse } from '../../lib/ok-response';
import { hashPassword, verifyPassword } from '../../lib/password';
import { requireUser } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import { countLiveSessions, revokeUserSessions } from '../../services/auth/session-store';
import { fieldError, passwordFieldErrors, reusedPasswordError } from '../../services/passwords/password-field-errors';
import { isRecentPassword, rememberReplacedPassword } from '../../services/passwords/password-history';
import { maskEmail, maskPhone } from '../../../shared/rules/mask';
import { personalCipherOf } from '../../services/crypto/personal-cipher';

/** The account area's security settings (spec §7): change password and the security summary. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Body: ChangePasswordRequest }>(
    ENDPOINTS.changePassword,
    // A session holder guessing the old password is limited too (5 a minute per user).
    {
      config: { access: 'user', beforePasswordChange: true, rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: { summary: '修改密码（其他会话全部失效）', tags: ['账号'], body: changePasswordRequestSchema, response: okResponse(NO_DATA) },
    },
    async (request) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      const { db } = app.database;
      const { oldPassword, newPassword, confirmPassword } = request.body;
      const rows = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
      if (!rows[0] || !(await verifyPassword(rows[0].passwordHash, oldPassword))) {
        // Someone holding a session and guessing the password is worth a record (SECURITY R31).
        await auditRequest(request, {
          event: 'PASSWORD_CHANGED',
          result: 'failure',
          reason: 'oldPasswordWrong',
          objectType: 'user',
          objectId: user.id,
        });
        throw new AppError(400, 'oldPasswordWrong', {
          errors: [fieldError('oldPassword', 'oldPassword', serverMessage('oldPasswordWrong', locale))],
        });
      }
      const errors = passwordFieldErrors(
        {
          password: newPassword,
          confirm: confirmPassword,
          passwordPath: 'newPassword',
          confirmPath: 'confirmPassword',
          username: user.username,
        },
        locale,
      );
      if (newPassword === oldPassword)
        errors.push(fieldError('newPassword', 'passwordSameAsOld', serverMessage('passwordSameAsOld', locale)));
      if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });
      // None of the last five (SECURITY R01), checked once the cheap rules pass: each old hash costs a verification.
      if (await isRecentPassword(db, user.id, newPassword))
        throw new AppError(400, 'validationFailed', { errors: [reusedPasswordError('newPassword', locale)] });

      // The password is the owner's own now, which lifts the first-login limit (SECURITY R07) and,
      // with a new passwordChangedAt, an expiry (R01).
      const passwordHash = await hashPassword(newPassword);
      const now = app.clock();
      await db.transaction(async (tx) => {
        await rememberReplacedPassword(tx, user.id, now);
        await tx.update(users).set({ passwordHash, passwordChangedAt: now, mustChangePassword: false }).where(eq(users.id, user.id));
      });
      // This device stays logged in; every other token dies with the old password (SECURITY R11).
      await revokeUserSessions(db, user.id, user.sessionTokenHash);
      request.log.info({ event: 'PASSWORD_CHANGED', userId: user.id }, 'password changed');
      await auditRequest(request, { event: 'PASSWORD_CHANGED', result: 'success', objectType: 'user', objectId: user.id });
      return ok(null, serverMessage('passwordChanged', locale));
    },
  );

  // The spec names this call with no payload; the summary below is what the security tab shows.
  app.post(
    ENDPOINTS.securitySettings,
    { config: { access: 'user' }, schema: { summary: '账号安全概况', tags: ['账号'], response: okResponse(securitySummarySchema) } },
    async (request) => {
      const user = requireUser(request);
      const { db } = app.database;
      const rows = await db
        .select({ phone: users.phone, email: users.email, passwordChangedAt: users.passwordChangedAt })
        .from(users)
        .where(eq(users.id, user.id))
        .limit(1);
      const row = rows[0];
      const bound = await db
        .select({ issuer: externalIdentities.issuer })
        .from(externalIdentities)
        .where(eq(externalIdentities.userId, user.id))
        .limit(1);
      const summary: SecuritySummary = {
        username: user.username,
        passwordChangedAt: row?.passwordChangedAt?.toISOString() ?? null,
        phone: row?.phone ? maskPhone(await personalCipherOf(db).open(row.phone)) : null,
        email: row?.email ? maskEmail(await personalCipherOf(db).open(row.email)) : null,
        activeSessions: await countLiveSessions(db, user.id, app.clock(), sessionClassOf(user.permissions)),
        ssoBound: bound.length > 0,
      };
      return ok(summary);
    },
  );
}
