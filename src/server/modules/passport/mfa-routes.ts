import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import loginAnswerSchema from '../../../../schemas/api/login-answer.schema.json';
import mfaClearRequestSchema from '../../../../schemas/api/mfa-clear-request.schema.json';
import mfaCodeRequestSchema from '../../../../schemas/api/mfa-code-request.schema.json';
import mfaVerifyRequestSchema from '../../../../schemas/api/mfa-verify-request.schema.json';
import type { LoginAnswer } from '../../../shared/generated/login-answer';
import type { MfaClearRequest } from '../../../shared/generated/mfa-clear-request';
import type { MfaCodeRequest } from '../../../shared/generated/mfa-code-request';
import type { MfaVerifyRequest } from '../../../shared/generated/mfa-verify-request';
import { maskPhone } from '../../../shared/rules/mask';
import { users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { ok } from '../../lib/envelope';
import { answerResponse, NO_DATA, okResponse } from '../../lib/ok-response';
import { countHit } from '../../plugins/db-rate-limit-store';
import { requireUser } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import {
  clearEnrolment,
  findEnrolment,
  isEnrolled,
  spendTotpStep,
  startEnrolment,
} from '../../services/auth/second-factor/mfa-enrolment-store';
import { issueRecoveryCodes, recoveryCodesLeft, spendRecoveryCode } from '../../services/auth/second-factor/recovery-codes';
import { acceptedTotpStep, newTotpSecret, totpUri } from '../../services/auth/second-factor/totp';
import { revokeUserSessions } from '../../services/auth/session-store';
import {
  completeSecondFactor,
  demandOf,
  phoneOf,
  refuseIfLocked,
  secondFactorFailure,
  smsFallbackAllowed,
  type SecondFactorMethod,
} from './second-factor-login';
import {
  consumeSmsCode,
  newSmsCode,
  resendWaitMs,
  SMS_CODE_LIFETIME_MS,
  SMS_RESEND_INTERVAL_MS,
  smsPhoneKey,
  storeSmsCode,
} from './sms-code-store';
import { SMS_DAILY_LIMIT_PER_PHONE, smsText } from './sms-routes';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Second-factor tries per minute per address; the per-account budget is the lockout (R03). */
const MFA_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;
const TAGS = ['认证'];

const statusSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['required', 'enrolled', 'pending', 'smsAllowed', 'recoveryCodesLeft'],
  properties: {
    required: { type: 'boolean', title: '角色是否要求第二步验证' },
    enrolled: { type: 'boolean', title: '是否已绑定身份验证器' },
    enrolledAt: { type: 'string', format: 'date-time', title: '绑定时间' },
    pending: { type: 'boolean', title: '本令牌是否仍待第二步验证' },
    smsAllowed: { type: 'boolean', title: '可否改用短信验证码' },
    recoveryCodesLeft: { type: 'integer', minimum: 0, title: '剩余恢复码' },
  },
} as const;

function tooFrequent(reply: FastifyReply, waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  return new AppError(429, 'smsTooFrequent', { data: { retryAfterSeconds: seconds } });
}

/**
 * The second factor of a privileged login (SECURITY R06, ADR 0067): the token of MFA_REQUIRED reaches these
 * routes only (beforeSecondFactor), and a full session reaches the status, the enrolment and the reset.
 */
export async function mfaRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  /** A TOTP code against the account's confirmed authenticator, its step spent at once (replay). */
  const totpAccepted = async (user: AuthUser, code: string): Promise<boolean> => {
    const enrolment = await findEnrolment(db, user.id);
    if (!enrolment?.confirmed) return false;
    const now = app.clock();
    const step = await acceptedTotpStep(enrolment.secret, code.trim(), now, enrolment.lastStep);
    return step !== undefined && (await spendTotpStep(db, user.id, step, now));
  };

  const recoveryAccepted = async (request: Parameters<typeof auditRequest>[0], user: AuthUser, code: string): Promise<boolean> => {
    if (!(await spendRecoveryCode(db, user.id, code, app.clock()))) return false;
    await auditRequest(request, {
      event: 'MFA_RECOVERY_USED',
      result: 'success',
      userId: user.id,
      username: user.username,
      role: user.role,
      reason: `left:${await recoveryCodesLeft(db, user.id)}`,
    });
    return true;
  };

  app.get(
    ENDPOINTS.mfaStatus,
    {
      config: { access: 'user', beforeSecondFactor: true },
      schema: { summary: '第二步验证状态（是否要求、是否已绑定、剩余恢复码）', tags: TAGS, response: okResponse(statusSchema) },
    },
    async (request) => {
      const user = requireUser(request);
      const demand = demandOf(app, user);
      const enrolment = await findEnrolment(db, user.id);
      return ok({
        required: demand.required,
        enrolled: enrolment?.confirmed === true,
        ...(enrolment?.confirmedAt ? { enrolledAt: enrolment.confirmedAt.toISOString() } : {}),
        pending: user.secondFactorPending,
        smsAllowed: user.secondFactorPending && (await smsFallbackAllowed(app, user.id, demand)),
        recoveryCodesLeft: await recoveryCodesLeft(db, user.id),
      });
    },
  );

  app.post<{ Body: MfaVerifyRequest }>(
    ENDPOINTS.mfaVerify,
    {
      config: { access: 'user', beforeSecondFactor: true, rateLimit: MFA_RATE_LIMIT },
      schema: {
        summary: '第二步验证：身份验证器验证码、恢复码或短信验证码，成功后换发正式令牌',
        tags: TAGS,
        body: mfaVerifyRequestSchema,
        response: answerResponse(loginAnswerSchema),
      },
    },
    async (request): Promise<LoginAnswer> => {
      const user = requireUser(request);
      if (!user.secondFactorPending) throw new AppError(400, 'badRequest');
      await refuseIfLocked(app, request, user);
      const { method, code } = request.body;
      let accepted: boolean;
      if (method === 'totp') accepted = await totpAccepted(user, code);
      else if (method === 'recovery') accepted = await recoveryAccepted(request, user, code);
      else {
        if (!(await smsFallbackAllowed(app, user.id, demandOf(app, user)))) throw new AppError(403, 'mfaSmsNotAllowed');
        const phone = await phoneOf(app, user.id);
        accepted = phone !== null && (await consumeSmsCode(db, phone, 'mfa', code.trim(), app.clock()));
      }
      if (!accepted) throw await secondFactorFailure(app, request, user, method);
      const token = await completeSecondFactor(app, request, user, method);
      return { success: true, code: 200, msg: serverMessage('loginSucceeded', requestLocale(request)), result: { token } };
    },
  );

  app.post(
    ENDPOINTS.mfaSms,
    {
      config: { access: 'user', beforeSecondFactor: true, rateLimit: { max: 20, timeWindow: DAY_MS } },
      schema: {
        summary: '第二步验证：向账号绑定的手机发送短信验证码（角色允许且未绑定身份验证器时）',
        tags: TAGS,
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['resendAfterSeconds', 'expiresInSeconds', 'phone'],
          properties: {
            resendAfterSeconds: { type: 'integer', title: '多少秒后可重发' },
            expiresInSeconds: { type: 'integer', title: '验证码有效秒数' },
            phone: { type: 'string', title: '接收手机（脱敏）' },
          },
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!user.secondFactorPending) throw new AppError(400, 'badRequest');
      if (!(await smsFallbackAllowed(app, user.id, demandOf(app, user)))) throw new AppError(403, 'mfaSmsNotAllowed');
      const phone = await phoneOf(app, user.id);
      if (phone === null) throw new AppError(403, 'mfaSmsNotAllowed');
      const now = app.clock();
      // The SMS code service's own rules (R05): 60 s between sends and 10 a day per phone.
      const wait = await resendWaitMs(db, phone, now);
      if (wait > 0) throw tooFrequent(reply, wait);
      const daily = await countHit(db, `sms-day:${smsPhoneKey(db, phone)}`, DAY_MS, now);
      if (daily.current > SMS_DAILY_LIMIT_PER_PHONE) throw tooFrequent(reply, daily.ttl);
      const code = newSmsCode();
      if (!(await storeSmsCode(db, phone, 'mfa', code, now))) throw tooFrequent(reply, SMS_RESEND_INTERVAL_MS);
      try {
        await app.smsSender.send(phone, smsText('mfa', code));
      } catch (error) {
        request.log.error({ err: error, recipient: maskPhone(phone) }, 'sms sender failed');
      }
      return ok(
        { resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000, expiresInSeconds: SMS_CODE_LIFETIME_MS / 1000, phone: maskPhone(phone) },
        serverMessage('smsSent', requestLocale(request)),
      );
    },
  );

  app.post(
    ENDPOINTS.mfaEnrolment,
    {
      config: { access: 'user', beforeSecondFactor: true, rateLimit: MFA_RATE_LIMIT },
      schema: {
        summary: '开始绑定身份验证器：新的密钥及其 otpauth:// 地址（二维码），须再以验证码确认',
        tags: TAGS,
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['secret', 'uri'],
          properties: { secret: { type: 'string', title: '密钥（Base32）' }, uri: { type: 'string', title: 'otpauth:// 地址' } },
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Only a role that asks a second factor enrols one: for anyone else it would protect nothing.
      if (!demandOf(app, user).required) throw new AppError(403, 'forbidden');
      const secret = newTotpSecret();
      if (!(await startEnrolment(db, user.id, secret, app.clock()))) throw new AppError(409, 'mfaAlreadyEnrolled');
      // The secret is in this answer once, for the person enrolling; no cache may keep it.
      reply.header('cache-control', 'no-store');
      return ok({ secret, uri: totpUri(user.username, secret) }, serverMessage('mfaEnrolStarted', requestLocale(request)));
    },
  );

  app.post<{ Body: MfaCodeRequest }>(
    ENDPOINTS.mfaEnrolmentConfirm,
    {
      config: { access: 'user', beforeSecondFactor: true, rateLimit: MFA_RATE_LIMIT },
      schema: {
        summary: '确认绑定身份验证器：首个验证码；答复 10 个恢复码（仅此一次），登录中的还换发正式令牌',
        tags: TAGS,
        body: mfaCodeRequestSchema,
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['recoveryCodes'],
          properties: {
            recoveryCodes: { type: 'array', items: { type: 'string' }, title: '恢复码（每个只能用一次）' },
            token: { type: 'string', title: '正式令牌（登录中绑定时）' },
          },
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      if (user.secondFactorPending) await refuseIfLocked(app, request, user);
      const enrolment = await findEnrolment(db, user.id);
      if (!enrolment) throw new AppError(400, 'mfaNotEnrolled');
      if (enrolment.confirmed) throw new AppError(409, 'mfaAlreadyEnrolled');
      const now = app.clock();
      const step = await acceptedTotpStep(enrolment.secret, request.body.code.trim(), now, null);
      if (step === undefined || !(await spendTotpStep(db, user.id, step, now, true)))
        throw await secondFactorFailure(app, request, user, 'enrolment');
      const recoveryCodes = await issueRecoveryCodes(db, user.id, now);
      await auditRequest(request, { event: 'MFA_ENROLLED', result: 'success', userId: user.id, username: user.username, role: user.role });
      const method: SecondFactorMethod = 'enrolment';
      const token = user.secondFactorPending ? await completeSecondFactor(app, request, user, method) : undefined;
      reply.header('cache-control', 'no-store');
      return ok({ recoveryCodes, ...(token ? { token } : {}) }, serverMessage('mfaEnrolled', locale));
    },
  );

  app.post<{ Body: MfaCodeRequest }>(
    ENDPOINTS.mfaReset,
    {
      config: { access: 'user', rateLimit: MFA_RATE_LIMIT },
      schema: {
        summary: '解除自己的身份验证器绑定（须当前验证码或恢复码），随后重新绑定',
        tags: TAGS,
        body: mfaCodeRequestSchema,
        response: okResponse(NO_DATA),
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await isEnrolled(db, user.id))) throw new AppError(400, 'mfaNotEnrolled');
      const { code } = request.body;
      const method: SecondFactorMethod = /^\s*\d{6}\s*$/.test(code) ? 'totp' : 'recovery';
      const accepted = method === 'totp' ? await totpAccepted(user, code) : await recoveryAccepted(request, user, code);
      if (!accepted) throw await secondFactorFailure(app, request, user, method);
      await clearEnrolment(db, user.id);
      await auditRequest(request, {
        event: 'MFA_RESET',
        result: 'success',
        reason: 'self',
        userId: user.id,
        username: user.username,
        role: user.role,
        objectType: 'user',
        objectId: user.id,
      });
      return ok(null, serverMessage('mfaReset', requestLocale(request)));
    },
  );

  app.post<{ Body: MfaClearRequest }>(
    ENDPOINTS.mfaClear,
    {
      config: { access: { permission: 'sysUser.update' }, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '清除用户的身份验证器（用户管理；其会话全部结束，下次登录须重新绑定）',
        tags: ['用户'],
        body: mfaClearRequestSchema,
        response: okResponse(NO_DATA),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { userId } = request.body;
      const target = (await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).limit(1))[0];
      if (!target) throw new AppError(404, 'notFound');
      // One's own is reset with a current code, on the account settings page.
      if (target.id === caller.id) throw new AppError(403, 'forbidden');
      await db.transaction(async (tx) => {
        await clearEnrolment(tx, target.id);
        // Whoever holds a session of the account proved a factor that no longer exists.
        await revokeUserSessions(tx, target.id);
      });
      await auditRequest(request, {
        event: 'MFA_RESET',
        result: 'success',
        reason: 'administrator',
        objectType: 'user',
        objectId: target.id,
        action: 'sysUser.update',
      });
      return ok(null, serverMessage('mfaCleared', requestLocale(request)));
    },
  );
}
