import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import captchaAnswerSchema from '../../../../schemas/api/captcha-answer.schema.json';
import type { CaptchaAnswer } from '../../../shared/generated/captcha-answer';
import { answerResponse } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { storeCaptcha } from '../../services/captcha/captcha-store';
import { randomCaptchaText } from '../../services/captcha/captcha-text';
import { renderCaptchaImage } from '../../services/captcha/render-captcha';

export async function captchaRoutes(app: FastifyInstance): Promise<void> {
  // Only ever set with NODE_ENV=test (checked at start), so that tests can pass the captcha.
  const fixedAnswer = app.appConfig.captchaFixed;

  app.get(
    ENDPOINTS.messageCaptcha,
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { summary: '留言图形验证码 (loginCode)', tags: ['在线留言'], response: answerResponse(captchaAnswerSchema) },
    },
    async (request) => {
      const user = requireUser(request);
      const answer = fixedAnswer ?? randomCaptchaText();
      await storeCaptcha(app.database.db, user.id, 'message', answer, app.clock());
      // Spec §7: success flag and data.image. The answer itself is never sent or logged.
      const captcha: CaptchaAnswer = { success: true, code: 0, msg: 'ok', data: { image: renderCaptchaImage(answer) } };
      return captcha;
    },
  );
}
