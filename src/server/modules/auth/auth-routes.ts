import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import loginRequestSchema from '../../../../schemas/api/login-request.schema.json';
import type { LoginRequest } from '../../../shared/generated/login-request';
import { users } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { burnPasswordCheck, verifyPassword } from '../../lib/password';
import { requireUser } from '../../plugins/route-access';
import { createSession, revokeSession } from './session-store';


export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: LoginRequest }>(
    ENDPOINTS.login,
    { config: { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } }, schema: { summary: '账号密码登录', tags: ['认证'], body: loginRequestSchema } },
    async (request) => {
      const { db } = app.database;
      const rows = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.username, request.body.username)).limit(1);
      const user = rows[0];
      // One answer for an unknown user and a wrong password, after the same argon2 work (SECURITY R03).
      if (!user) {
        await burnPasswordCheck(request.body.password);
        throw new AppError(401, 'invalidCredentials');
      }
      if (!(await verifyPassword(user.passwordHash, request.body.password))) throw new AppError(401, 'invalidCredentials');
      const token = await createSession(db, user.id, app.clock());
      // The spec's login shape: success flag, code 200, token under result.
      return { success: true, code: 200, msg: serverMessage('loginSucceeded', requestLocale(request)), result: { token } };
    },
  );

  app.post(ENDPOINTS.logout, { config: { access: 'user' }, schema: { summary: '退出登录（服务器端吊销令牌）', tags: ['认证'] } }, async (request) => {
    await revokeSession(app.database.db, requireUser(request).sessionTokenHash);
    return ok(null, serverMessage('logoutSucceeded', requestLocale(request)));
  });
}
