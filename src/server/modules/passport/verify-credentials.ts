import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { burnPasswordCheck, verifyPassword } from '../../lib/password';
import { consumeLoginCaptcha } from '../captcha/login-captcha-store';
import { clearLoginFailures, loginGate, recordLoginFailure, usernameKey } from './login-lockout';

export interface Credentials {
  username: string;
  password: string;
  captchaId?: string | undefined;
  captcha?: string | undefined;
}

function captchaError(request: FastifyRequest, key: 'captchaRequired' | 'captchaInvalid' | 'captchaExpired'): AppError {
  const message = serverMessage(key, requestLocale(request));
  return new AppError(400, key, { errors: [{ path: 'captcha', keyword: 'captcha', params: { reason: key }, message }] });
}

/**
 * The one password check behind every login (POST /sys/user/login, /oauth/login, the SSO binding).
 * Order matters: the captcha is spent before the password is looked at (SECURITY R04); the argon2
 * work is done for an unknown user and for a locked account too, and all three then get the same
 * 401 body, so neither the answer nor its timing says which it was (R03). Returns the user's id.
 */
export async function verifyCredentials(app: FastifyInstance, request: FastifyRequest, credentials: Credentials): Promise<string> {
  const { db } = app.database;
  const now = app.clock();
  const key = usernameKey(credentials.username);
  const gate = await loginGate(db, key, now);

  if (credentials.captchaId !== undefined || credentials.captcha !== undefined) {
    if (!credentials.captchaId || !credentials.captcha) throw captchaError(request, 'captchaRequired');
    const check = await consumeLoginCaptcha(db, credentials.captchaId, credentials.captcha, now);
    if (check !== 'ok') throw captchaError(request, check === 'expired' ? 'captchaExpired' : 'captchaInvalid');
  } else if (gate.captchaRequired) {
    throw captchaError(request, 'captchaRequired');
  }

  const rows = await db.select({ id: users.id, passwordHash: users.passwordHash, active: users.active }).from(users).where(eq(users.username, credentials.username)).limit(1);
  const user = rows[0];
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, credentials.password);
  else await burnPasswordCheck(credentials.password);

  // Locked: even the right password is refused, with the wrong-password answer (Keycloak's rule).
  if (gate.locked) throw new AppError(401, 'invalidCredentials');
  if (!user || !passwordOk) {
    const { lockedNow } = await recordLoginFailure(db, key, now);
    // The audit trail of R03; usernames only, never the password typed.
    if (lockedNow) request.log.warn({ event: 'LOGIN_LOCKED', username: key }, 'login locked after repeated failures');
    throw new AppError(401, 'invalidCredentials');
  }
  await clearLoginFailures(db, key);
  // Said only after the right password: it tells nothing to someone who does not hold it.
  if (!user.active) throw new AppError(403, 'accountInactive');
  return user.id;
}
