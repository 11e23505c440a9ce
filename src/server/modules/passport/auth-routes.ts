import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import loginRequestSchema from '../../../../schemas/api/login-request.schema.json';
import loginAnswerSchema from '../../../../schemas/api/login-answer.schema.json';
import type { LoginRequest } from '../../../shared/generated/login-request';
import { answerResponse, NO_DATA, okResponse } from '../../lib/ok-response';
import { LOGIN_RATE_LIMIT, loginHandler, logoutHandler } from './login-routes';

// The spec's original pair; /oauth/login and /oauth/logout (passport-routes) run the same handlers.
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: LoginRequest }>(
    ENDPOINTS.login,
    {
      config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        summary: '账号密码登录（失败5次锁定30分钟）',
        tags: ['认证'],
        body: loginRequestSchema,
        response: answerResponse(loginAnswerSchema),
      },
    },
    loginHandler(app),
  );

  app.post(
    ENDPOINTS.logout,
    {
      config: { access: 'user', beforePasswordChange: true, beforeSecondFactor: true },
      schema: { summary: '退出登录（服务器端吊销令牌）', tags: ['认证'], response: okResponse(NO_DATA) },
    },
    logoutHandler(app),
  );
}
