import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import loginRequestSchema from '../../../../schemas/api/login-request.schema.json';
import captchaAnswerSchema from '../../../../schemas/api/captcha-answer.schema.json';
import loginAnswerSchema from '../../../../schemas/api/login-answer.schema.json';
import type { CaptchaAnswer } from '../../../shared/generated/captcha-answer';
import { answerResponse, NO_DATA, okResponse } from '../../lib/ok-response';
import type { LoginRequest } from '../../../shared/generated/login-request';
import { randomCaptchaText } from '../../services/captcha/captcha-text';
import { storeLoginCaptcha } from '../../services/captcha/login-captcha-store';
import { renderCaptchaImage } from '../../services/captcha/render-captcha';
import { LOGIN_RATE_LIMIT, loginHandler, logoutHandler } from './login-routes';

/** The passport's login endpoints (spec §7): the same login and logout as /sys/user/*, plus the login captcha. */
export async function passportRoutes(app: FastifyInstance): Promise<void> {
  // Only ever set with NODE_ENV=test (checked at start), so that tests can pass the captcha.
  const fixedAnswer = app.appConfig.captchaFixed;

  app.post<{ Body: LoginRequest }>(
    ENDPOINTS.passportLogin,
    {
      config: { access: 'public', rateLimit: LOGIN_RATE_LIMIT },
      schema: {
        summary: '通行证登录（失败5次锁定30分钟，3次起需图形验证码）',
        tags: ['认证'],
        body: loginRequestSchema,
        response: answerResponse(loginAnswerSchema),
      },
    },
    loginHandler(app),
  );

  app.get(
    ENDPOINTS.passportCaptcha,
    // SECURITY R04/R28: issuing is limited to 60 a minute per IP.
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { summary: '登录图形验证码（一次有效，5分钟）', tags: ['认证'], response: answerResponse(captchaAnswerSchema) },
    },
    async (_request, reply) => {
      const answer = fixedAnswer ?? randomCaptchaText();
      const captchaId = await storeLoginCaptcha(app.database.db, answer, app.clock());
      reply.header('cache-control', 'no-store');
      // The message board's captcha shape (spec §7: success flag and data.image), plus the id to send back.
      const captcha: CaptchaAnswer = { success: true, code: 0, msg: 'ok', data: { captchaId, image: renderCaptchaImage(answer) } };
      return captcha;
    },
  );

  app.post(
    ENDPOINTS.passportLogout,
    {
      config: { access: 'user', beforePasswordChange: true, beforeSecondFactor: true },
      schema: { summary: '退出登录（服务器端吊销令牌）', tags: ['认证'], response: okResponse(NO_DATA) },
    },
    logoutHandler(app),
  );
}
