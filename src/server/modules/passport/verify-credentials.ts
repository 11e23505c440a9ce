import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { burnPasswordCheck, verifyPassword } from '../../lib/password';
import { auditRequest } from '../../services/audit/request-audit';
import { consumeLoginCaptcha } from '../../services/captcha/login-captcha-store';
import { clearLoginFailures, loginGate, recordLoginFailure, usernameKey } from '../../services/auth/login-lockout';
import { scrubText } from '../../lib/log-redaction';
import { heldRoleIds } from '../../services/auth/second-factor/held-role-ids';
import { mfaPolicyOf, secondFactorDemand, type SecondFactorDemand } from '../../services/roles/mfa-roles';

export interface Credentials {
  username: string;
  password: string;
  captchaId?: string | undefined;
  captcha?: string | undefined;
}

/** The account a login proved: what the session and the audit record need. */
export interface VerifiedUser {
  id: string;
  username: string;
  role: string;
  /** Whether the account's roles ask a second factor before a session (SECURITY R06, ADR 0067). */
  secondFactor: SecondFactorDemand;
}

/** A refused captcha is audited (SECURITY R31) under the name as typed; the answer typed never is. */
async function captchaError(
  request: FastifyRequest,
  username: string,
  key: 'captchaRequired' | 'captchaInvalid' | 'captchaExpired',
): Promise<AppError> {
  await auditRequest(request, { event: 'CAPTCHA_FAILED', result: 'failure', reason: key, username });
  const message = serverMessage(key, requestLocale(request));
  return new AppError(400, key, { errors: [{ path: 'captcha', keyword: 'captcha', params: { reason: key }, message }] });
}

/**
 * The one password check behind every login (POST /sys/user/login, /oauth/login, the SSO binding).
 * Order matters: the captcha is spent before the password is looked at (SECURITY R04); the argon2
 * work is done for an unknown user and for a locked account too, and all three then get the same
 * 401 body, so neither the answer nor its timing says which it was (R03). Every refusal is audited
 * (R31) right after the counters are written; the caller audits the success once the session exists.
 */
export async function verifyCredentials(app: FastifyInstance, request: FastifyRequest, credentials: Credentials): Promise<VerifiedUser> {
  const { db } = app.database;
  const now = app.clock();
  const key = usernameKey(credentials.username);
  const gate = await loginGate(db, key, now);

  if (credentials.captchaId !== undefined || credentials.captcha !== undefined) {
    if (!credentials.captchaId || !credentials.captcha) throw await captchaError(request, credentials.username, 'captchaRequired');
    const check = await consumeLoginCaptcha(db, credentials.captchaId, credentials.captcha, now);
    if (check !== 'ok') throw await captchaError(request, credentials.username, check === 'expired' ? 'captchaExpired' : 'captchaInvalid');
  } else if (gate.captchaRequired) {
    throw await captchaError(request, credentials.username, 'captchaRequired');
  }

  const rows = await db
    .select({ id: users.id, username: users.username, role: users.role, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(eq(users.username, credentials.username))
    .limit(1);
  const user = rows[0];
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, credentials.password);
  else await burnPasswordCheck(credentials.password);

  // The account the name belongs to, if any; an unknown name is recorded as typed.
  const who = user ? { userId: user.id, username: user.username, role: user.role } : { username: credentials.username };
  // Locked: even the right password is refused, with the wrong-password answer (Keycloak's rule).
  // The lock itself was recorded once, as LOGIN_LOCKED, by the failure that set it.
  if (gate.locked) {
    await auditRequest(request, { event: 'LOGIN_FAILURE', result: 'failure', reason: 'accountLocked', ...who });
    throw new AppError(401, 'invalidCredentials');
  }
  if (!user || !passwordOk) {
    const { lockedNow } = await recordLoginFailure(db, key, now);
    // The audit trail of R03: one LOGIN_LOCKED row per lock; usernames only, never the password typed.
    if (lockedNow) request.log.warn({ event: 'LOGIN_LOCKED', username: scrubText(key) }, 'login locked after repeated failures');
    await auditRequest(
      request,
      lockedNow
        ? { event: 'LOGIN_LOCKED', result: 'failure', reason: 'tooManyFailures', ...who }
        : { event: 'LOGIN_FAILURE', result: 'failure', reason: 'invalidCredentials', ...who },
    );
    throw new AppError(401, 'invalidCredentials');
  }
  const secondFactor = secondFactorDemand(await heldRoleIds(db, user.id, user.role), mfaPolicyOf(app.appConfig));
  // The count starts again only once the login is whole: with a second factor owed, clearing it here would let
  // whoever holds the password guess codes four at a time, logging in again between (R03 over R06).
  if (!secondFactor.required) await clearLoginFailures(db, key);
  // Said only after the right password: it tells nothing to someone who does not hold it.
  if (!user.active) {
    await auditRequest(request, { event: 'LOGIN_FAILURE', result: 'failure', reason: 'accountInactive', ...who });
    throw new AppError(403, 'accountInactive');
  }
  return { id: user.id, username: user.username, role: user.role, secondFactor };
}
