import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import resetPasswordRequestSchema from '../../../../schemas/api/reset-password-request.schema.json';
import sendSmsRequestSchema from '../../../../schemas/api/send-sms-request.schema.json';
import type { ResetPasswordRequest } from '../../../shared/generated/reset-password-request';
import type { SendSmsRequest } from '../../../shared/generated/send-sms-request';
import { users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { NO_DATA, okResponse } from '../../lib/ok-response';
import { hashPassword } from '../../lib/password';
import { countHit } from '../../plugins/db-rate-limit-store';
import { maskPhone } from '../../../shared/rules/mask';
import { auditRequest } from '../../services/audit/request-audit';
import { revokeUserSessions } from '../../services/auth/session-store';
import { clearLoginFailures, usernameKey } from '../../services/auth/login-lockout';
import { fieldError, passwordFieldErrors, reusedPasswordError } from '../../services/passwords/password-field-errors';
import { isRecentPassword, rememberReplacedPassword } from '../../services/passwords/password-history';
import { phoneIs } from '../../services/users/user-contact';
import {
  consumeSmsCode,
  newSmsCode,
  resendWaitMs,
  SMS_CODE_LIFETIME_MS,
  SMS_RESEND_INTERVAL_MS,
  smsPhoneKey,
  storeSmsCode,
  type SmsPurpose,
} from './sms-code-store';

/** SECURITY R05: at most 10 codes a day per phone, 20 a day per IP. */
export const SMS_DAILY_LIMIT_PER_PHONE = 10;
export const SMS_DAILY_LIMIT_PER_IP = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

function tooFrequent(reply: FastifyReply, waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  return new AppError(429, 'smsTooFrequent', { data: { retryAfterSeconds: seconds } });
}

const SMS_ACTIONS: Record<SmsPurpose, string> = { resetPassword: '重置密码', register: '注册账号', mfa: '登录（第二步验证）' };

export function smsText(purpose: SmsPurpose, code: string): string {
  const action = SMS_ACTIONS[purpose];
  return `【科创服务门户】您正在${action}，验证码为 ${code}，${SMS_CODE_LIFETIME_MS / 60_000}分钟内有效。如非本人操作，请忽略本短信，切勿将验证码告知他人。`;
}

async function phoneHasAccount(app: FastifyInstance, phone: string): Promise<boolean> {
  const rows = await app.database.db.select({ id: users.id }).from(users).where(phoneIs(app.database.db, phone)).limit(1);
  return rows.length === 1;
}

export async function smsRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SendSmsRequest }>(
    ENDPOINTS.sendSms,
    {
      config: { access: 'public', rateLimit: { max: SMS_DAILY_LIMIT_PER_IP, timeWindow: DAY_MS } },
      schema: {
        summary: '发送短信验证码（找回密码 / 注册）',
        tags: ['认证'],
        body: sendSmsRequestSchema,
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['resendAfterSeconds', 'expiresInSeconds'],
          properties: {
            resendAfterSeconds: { type: 'integer', title: '多少秒后可重发' },
            expiresInSeconds: { type: 'integer', title: '验证码有效秒数' },
          },
        }),
      },
    },
    async (request, reply) => {
      const { phone, purpose } = request.body;
      const { db } = app.database;
      const now = app.clock();
      const wait = await resendWaitMs(db, phone, now);
      if (wait > 0) throw tooFrequent(reply, wait);
      // The number's blind index, never the number, names its counter (R34).
      const daily = await countHit(db, `sms-day:${smsPhoneKey(db, phone)}`, DAY_MS, now);
      if (daily.current > SMS_DAILY_LIMIT_PER_PHONE) throw tooFrequent(reply, daily.ttl);

      const code = newSmsCode();
      // A code is stored for every phone, account or not, so the 60 s rule and the answer below are
      // the same either way; only a reset for a phone with no account sends nothing (R05).
      if (!(await storeSmsCode(db, phone, purpose, code, now))) throw tooFrequent(reply, SMS_RESEND_INTERVAL_MS);
      if (purpose === 'register' || (await phoneHasAccount(app, phone))) {
        try {
          await app.smsSender.send(phone, smsText(purpose, code));
        } catch (error) {
          // The gateway's failure is logged, not shown: the answer must not depend on the phone.
          request.log.error({ err: error, recipient: maskPhone(phone) }, 'sms sender failed');
        }
      }
      return ok(
        { resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000, expiresInSeconds: SMS_CODE_LIFETIME_MS / 1000 },
        serverMessage('smsSent', requestLocale(request)),
      );
    },
  );

  app.post<{ Body: ResetPasswordRequest }>(
    ENDPOINTS.resetPassword,
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        summary: '短信验证码找回密码（重置后全部会话失效）',
        tags: ['认证'],
        body: resetPasswordRequestSchema,
        response: okResponse(NO_DATA),
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const { phone, smsCode, password, confirmPassword } = request.body;
      const { db } = app.database;
      const now = app.clock();
      // The rules that need no secret come first, so a typo in the password does not burn the code.
      const errors = passwordFieldErrors(
        { password, confirm: confirmPassword, passwordPath: 'password', confirmPath: 'confirmPassword' },
        locale,
      );
      if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });

      const rows = await db
        .select({ id: users.id, username: users.username, role: users.role })
        .from(users)
        .where(phoneIs(db, phone))
        .limit(1);
      const user = rows[0];
      // No account: the stored code was never sent, so this is the same "wrong code" as any other.
      if (!(await consumeSmsCode(db, phone, 'resetPassword', smsCode, now)) || !user) {
        // The phone masked as the security summary shows it (R32, R35); the code typed never.
        await auditRequest(request, {
          event: 'SMS_CODE_FAILED',
          result: 'failure',
          reason: 'smsCodeInvalid',
          objectType: 'phone',
          objectId: maskPhone(phone),
          action: null,
        });
        throw new AppError(400, 'smsCodeInvalid', { errors: [fieldError('smsCode', 'smsCode', serverMessage('smsCodeInvalid', locale))] });
      }
      const withName = passwordFieldErrors(
        { password, confirm: confirmPassword, passwordPath: 'password', confirmPath: 'confirmPassword', username: user.username },
        locale,
      );
      if (withName.length > 0) throw new AppError(400, 'validationFailed', { errors: withName });
      // None of the last five (SECURITY R01). Only after the code: before it, anyone knowing a phone
      // number could ask whether a guess was one of its account's old passwords.
      if (await isRecentPassword(db, user.id, password))
        throw new AppError(400, 'validationFailed', { errors: [reusedPasswordError('password', locale)] });

      // The holder of the phone chose this password, so no first-login change is owed (SECURITY R07).
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await rememberReplacedPassword(tx, user.id, now);
        await tx.update(users).set({ passwordHash, passwordChangedAt: now, mustChangePassword: false }).where(eq(users.id, user.id));
      });
      // Whoever held the old password or a token loses it (SECURITY R05, R11); the owner is no longer locked out.
      await revokeUserSessions(db, user.id);
      await clearLoginFailures(db, usernameKey(user.username));
      request.log.info({ event: 'PASSWORD_RESET', userId: user.id }, 'password reset by sms code');
      await auditRequest(request, {
        event: 'PASSWORD_RESET',
        result: 'success',
        userId: user.id,
        username: user.username,
        role: user.role,
        objectType: 'user',
        objectId: user.id,
      });
      // The owner hears of it, so a reset they did not make does not go unnoticed (R05).
      await app.smsSender
        .send(phone, '【科创服务门户】您的账号密码已通过短信验证码重置，所有设备已退出登录。如非本人操作，请立即联系管理员。')
        .catch((error: unknown) => {
          request.log.error({ err: error, recipient: maskPhone(phone) }, 'sms sender failed');
        });
      return ok(null, serverMessage('passwordReset', locale));
    },
  );
}
