import { randomBytes } from 'node:crypto';
import { and, eq, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE, ENDPOINTS } from '../../../shared/api/endpoints';
import activateQuerySchema from '../../../../schemas/api/activate-query.schema.json';
import registerRequestSchema from '../../../../schemas/api/register-request.schema.json';
import type { ActivateQuery } from '../../../shared/generated/activate-query';
import type { RegisterRequest } from '../../../shared/generated/register-request';
import { activationTokens, users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { NO_DATA, okResponse } from '../../lib/ok-response';
import { hashPassword } from '../../lib/password';
import { sha256Hex } from '../../lib/sha256';
import { fieldError, passwordFieldErrors } from '../../services/passwords/password-field-errors';
import { consumeSmsCode } from './sms-code-store';
import { maskPhone } from '../../../shared/rules/mask';
import { auditRequest } from '../../services/audit/request-audit';
import { sameUsername, usernameTaken } from '../../services/users/same-username';
import { phoneIs, sealContact } from '../../services/users/user-contact';

/** Spec §9: the e-mail activation link lives 24 hours. */
export const ACTIVATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const baseUrl = app.appConfig.publicBaseUrl ?? `http://localhost:${app.appConfig.port}`;

  app.post<{ Body: RegisterRequest }>(
    ENDPOINTS.register,
    {
      config: { access: 'public', idempotent: true, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        summary: '注册账号（短信验证码 + 邮件激活，24小时内有效）',
        tags: ['认证'],
        body: registerRequestSchema,
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['username', 'activationHours'],
          properties: { username: { type: 'string', title: '用户名' }, activationHours: { type: 'integer', title: '激活链接有效小时数' } },
        }),
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const { username, password, confirmPassword, phone, smsCode, email } = request.body;
      const { db } = app.database;
      const now = app.clock();
      const errors = passwordFieldErrors(
        { password, confirm: confirmPassword, passwordPath: 'password', confirmPath: 'confirmPassword', username },
        locale,
      );
      if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });

      // A registration never activated within its 24 hours gives its name and phone back.
      const stale = and(
        eq(users.active, false),
        lte(users.createdAt, new Date(now.getTime() - ACTIVATION_LIFETIME_MS)),
        or(sameUsername(username), phoneIs(db, phone)),
      );
      await db.delete(users).where(stale);
      // Case-insensitive: 'Alice' cannot sit beside 'alice' (SECURITY R07).
      if (await usernameTaken(db, username)) {
        throw new AppError(409, 'usernameTaken', { errors: [fieldError('username', 'unique', serverMessage('usernameTaken', locale))] });
      }
      if (!(await consumeSmsCode(db, phone, 'register', smsCode, now))) {
        await auditRequest(request, {
          event: 'SMS_CODE_FAILED',
          result: 'failure',
          reason: 'smsCodeInvalid',
          username,
          objectType: 'phone',
          objectId: maskPhone(phone),
        });
        throw new AppError(400, 'smsCodeInvalid', { errors: [fieldError('smsCode', 'smsCode', serverMessage('smsCodeInvalid', locale))] });
      }
      // Only the phone's owner (who holds the code) learns that it is taken.
      if ((await db.select({ id: users.id }).from(users).where(phoneIs(db, phone)).limit(1)).length > 0) {
        throw new AppError(409, 'phoneTaken', { errors: [fieldError('phone', 'unique', serverMessage('phoneTaken', locale))] });
      }

      const token = randomBytes(32).toString('base64url');
      const passwordHash = await hashPassword(password);
      const contact = await sealContact(db, { phone, email });
      try {
        await db.transaction(async (tx) => {
          const rows = await tx
            .insert(users)
            .values({
              username,
              passwordHash,
              fullname: username,
              role: 'applicant',
              ...contact,
              active: false,
              passwordChangedAt: now,
              createdAt: now,
            })
            .returning({ id: users.id });
          const userId = rows[0]?.id;
          if (!userId) throw new Error('registration insert returned no row');
          await tx
            .insert(activationTokens)
            .values({ tokenHash: sha256Hex(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + ACTIVATION_LIFETIME_MS) });
          // The new account, written with it (SECURITY R31): its id and name, nothing of its phone, e-mail or password.
          await auditRequest(
            request,
            { event: 'USER_REGISTERED', result: 'success', userId, username, role: 'applicant', objectType: 'user', objectId: userId },
            tx,
          );
        });
      } catch (error) {
        // A concurrent registration took the name or the phone between the checks and the insert.
        if (error instanceof Error && /unique|duplicate/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`)) {
          throw new AppError(409, 'usernameTaken', { errors: [fieldError('username', 'unique', serverMessage('usernameTaken', locale))] });
        }
        throw error;
      }

      const link = `${baseUrl}${API_BASE}${ENDPOINTS.activate}?token=${token}`;
      await app.mailSender
        .send(
          email,
          '科创服务门户账号激活',
          `${username}，您好：\n\n请在24小时内打开以下链接激活您的科创服务门户账号：\n${link}\n\n如非本人操作，请忽略本邮件。`,
        )
        .catch((error: unknown) => request.log.error({ err: error }, 'mail sender failed'));
      return ok({ username, activationHours: ACTIVATION_LIFETIME_MS / 3_600_000 }, serverMessage('registered', locale));
    },
  );

  app.get<{ Querystring: ActivateQuery }>(
    ENDPOINTS.activate,
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { summary: '邮件链接激活账号', tags: ['认证'], querystring: activateQuerySchema, response: okResponse(NO_DATA) },
    },
    async (request) => {
      const locale = requestLocale(request);
      const { db } = app.database;
      const now = app.clock();
      // Single use: the token row is gone once read, whatever follows.
      const rows = await db
        .delete(activationTokens)
        .where(eq(activationTokens.tokenHash, sha256Hex(request.query.token)))
        .returning();
      const stored = rows[0];
      if (!stored) throw new AppError(400, 'activationInvalid');
      if (stored.expiresAt.getTime() <= now.getTime()) throw new AppError(400, 'activationExpired');
      await db.update(users).set({ active: true }).where(eq(users.id, stored.userId));
      return ok(null, serverMessage('activated', locale));
    },
  );
}
