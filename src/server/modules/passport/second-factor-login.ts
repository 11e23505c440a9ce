import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginAnswer } from '../../../shared/generated/login-answer';
import { sessions, users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { scrubText } from '../../lib/log-redaction';
import { auditRequest } from '../../services/audit/request-audit';
import { clearLoginFailures, loginGate, recordLoginFailure, usernameKey } from '../../services/auth/login-lockout';
import { isEnrolled } from '../../services/auth/second-factor/mfa-enrolment-store';
import { createSession, revokeSession } from '../../services/auth/session-store';
import { mfaPolicyOf, secondFactorDemand, type SecondFactorDemand } from '../../services/roles/mfa-roles';
import { openContact } from '../../services/users/user-contact';
import { fieldError } from '../../services/passwords/password-field-errors';

/** How the second factor was given, as LOGIN_SUCCESS and MFA_FAILED name it. */
export type SecondFactorMethod = 'totp' | 'recovery' | 'sms' | 'enrolment';

/** The account's phone in clear, if it has one (the SMS fallback's target). */
export async function phoneOf(app: FastifyInstance, userId: string): Promise<string | null> {
  const rows = await app.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return openContact(app.database.db, rows[0]?.phone ?? null);
}

/** What the session's holder owes, from the roles it holds now. */
export function demandOf(app: FastifyInstance, user: Pick<AuthUser, 'role' | 'roles'>): SecondFactorDemand {
  return secondFactorDemand([user.role, ...user.roles.map((role) => role.id)], mfaPolicyOf(app.appConfig));
}

/** Whether SMS may stand in for an authenticator: the roles allow it, none is enrolled, and there is a phone to send to. */
export async function smsFallbackAllowed(app: FastifyInstance, userId: string, demand: SecondFactorDemand): Promise<boolean> {
  if (!demand.smsAllowed || (await isEnrolled(app.database.db, userId))) return false;
  return (await phoneOf(app, userId)) !== null;
}

/**
 * The password was right and the account's roles ask a second factor (SECURITY R06): no session yet, but
 * a token that serves only the second-factor routes for ten minutes, and what the page needs to ask for it.
 */
export async function secondFactorAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  user: { id: string; secondFactor: SecondFactorDemand },
  redirect?: string,
): Promise<LoginAnswer> {
  const { db } = app.database;
  const token = await createSession(db, user.id, app.clock(), { secondFactorPending: true });
  const enrolled = await isEnrolled(db, user.id);
  const smsAllowed = !enrolled && user.secondFactor.smsAllowed && (await phoneOf(app, user.id)) !== null;
  return {
    success: true,
    code: 200,
    reason: 'MFA_REQUIRED',
    msg: serverMessage(enrolled ? 'mfaRequired' : 'mfaEnrolRequired', requestLocale(request)),
    result: { mfa: { token, enrolled, smsAllowed }, ...(redirect === undefined ? {} : { redirect }) },
  };
}

/**
 * The second factor is given: the password-only session is replaced by a full one (a new token, so the
 * restricted one can never become more), the failure count starts again, and the login is recorded.
 */
export async function completeSecondFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser,
  method: SecondFactorMethod,
): Promise<string> {
  const { db } = app.database;
  await revokeSession(db, user.sessionTokenHash);
  const token = await createSession(db, user.id, app.clock());
  await clearLoginFailures(db, usernameKey(user.username));
  await auditRequest(request, {
    event: 'LOGIN_SUCCESS',
    result: 'success',
    reason: `mfa:${method}`,
    userId: user.id,
    username: user.username,
    role: user.role,
  });
  return token;
}

/** Ends every password-only session of the account (a lock): its full sessions stay, as a lockout leaves them (ADR 0063). */
async function revokePendingSessions(app: FastifyInstance, userId: string): Promise<void> {
  await app.database.db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.secondFactorPending, true)));
}

/** A locked account gives no second factor either, even the right one (R03): its password-only sessions end. */
export async function refuseIfLocked(app: FastifyInstance, request: FastifyRequest, user: AuthUser): Promise<void> {
  if (!(await loginGate(app.database.db, usernameKey(user.username), app.clock())).locked) return;
  await revokePendingSessions(app, user.id);
  await auditRequest(request, {
    event: 'MFA_FAILED',
    result: 'failure',
    reason: 'accountLocked',
    userId: user.id,
    username: user.username,
    role: user.role,
  });
  throw new AppError(401, 'invalidCredentials');
}

/**
 * A wrong second factor counts as a failed login (R03 over R06): five in fifteen minutes, passwords and
 * codes together, lock the account for thirty, and end its password-only sessions. Returns the error to throw.
 */
export async function secondFactorFailure(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser,
  method: SecondFactorMethod,
): Promise<AppError> {
  const locale = requestLocale(request);
  const who = { userId: user.id, username: user.username, role: user.role };
  // Counted for a full session too (a reset of the enrolment asks a code): a stolen session cannot guess on.
  const { lockedNow } = await recordLoginFailure(app.database.db, usernameKey(user.username), app.clock());
  if (lockedNow) {
    request.log.warn({ event: 'LOGIN_LOCKED', username: scrubText(usernameKey(user.username)) }, 'login locked after repeated failures');
    await revokePendingSessions(app, user.id);
    await auditRequest(request, { event: 'LOGIN_LOCKED', result: 'failure', reason: `mfa:${method}`, ...who });
    if (user.secondFactorPending) return new AppError(401, 'invalidCredentials');
  }
  await auditRequest(request, { event: 'MFA_FAILED', result: 'failure', reason: `mfa:${method}`, ...who });
  const key = method === 'recovery' ? 'mfaRecoveryCodeInvalid' : 'mfaCodeInvalid';
  return new AppError(400, key, { errors: [fieldError('code', 'code', serverMessage(key, locale))] });
}
