import type { FastifyInstance, FastifyRequest } from 'fastify';
import captchaAnswerSchema from '../../../../schemas/api/captcha-answer.schema.json';
import type { RouteAccess } from '../../plugins/route-access';
import { AppError } from '../../lib/app-error';
import { answerResponse } from '../../lib/ok-response';
import { storeCaptcha } from '../../services/captcha/captcha-store';
import { randomCaptchaText } from '../../services/captcha/captcha-text';
import { storeLoginCaptcha } from '../../services/captcha/login-captcha-store';
import { renderCaptchaImage } from '../../services/captcha/render-captcha';
import { resourceBasePath } from '../units/resource-paths';
import type { CompiledResource } from '../units/resource-registry';
import { callerWhenPublic } from './live-list';

const RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** The live folder when its record form asks for a captcha now, else undefined (a source's records are its module's). */
function withCaptcha(app: FastifyInstance, name: string): CompiledResource | undefined {
  const live = app.resources.get(name);
  return live && live.resource.source === undefined && live.captchaField !== undefined ? live : undefined;
}

/** Who may ask for the captcha now: visitors where the folder lets them create, otherwise users; a folder without one: everyone, for the handler's 404. */
function captchaAccess(app: FastifyInstance, name: string): RouteAccess {
  const live = withCaptcha(app, name);
  if (!live) return 'public';
  return live.resource.anonymousCreate ? 'public' : 'user';
}

/**
 * The record form's captcha, answered from the live folder (ADR 0045: a publication adds or removes
 * the captcha field): a logged-in writer's is kept per user and resource; a visitor's (anonymousCreate)
 * by a random id the browser sends back in the x-captcha-id header. A folder whose live form has no
 * captcha answers 404.
 */
async function answerCaptcha(app: FastifyInstance, request: FastifyRequest, name: string) {
  const live = withCaptcha(app, name);
  if (!live) throw new AppError(404, 'notFound');
  const answer = app.appConfig.captchaFixed ?? randomCaptchaText();
  const now = app.clock();
  const image = renderCaptchaImage(answer);
  if (request.user) {
    await storeCaptcha(app.database.db, request.user.id, `resource:${live.name}`, answer, now);
    return { success: true, code: 0, msg: 'ok', data: { image } };
  }
  return { success: true, code: 0, msg: 'ok', data: { image, captchaId: await storeLoginCaptcha(app.database.db, answer, now) } };
}

/** A folder whose form had a captcha at start-up keeps its own route (its OpenAPI entry, its reviewed access); it reads the live folder. */
export function registerResourceCaptchaRoute(app: FastifyInstance, resource: CompiledResource, tags: readonly string[]): void {
  app.get(
    `${resourceBasePath(resource.name)}/captcha`,
    {
      config: {
        access: resource.resource.anonymousCreate ? 'public' : 'user',
        accessNow: () => captchaAccess(app, resource.name),
        rateLimit: RATE_LIMIT,
      },
      schema: {
        summary: `${resource.resource.title}的图形验证码（一次有效，5分钟）`,
        tags: [...tags],
        response: answerResponse(captchaAnswerSchema),
      },
      onRequest: callerWhenPublic,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answerCaptcha(app, request, resource.name);
    },
  );
}

/**
 * The captcha of a folder whose form gained one after start-up (ADR 0045): one parametric route,
 * registered once; find-my-way prefers the static ones, so only the others reach it. Declared 'public'
 * (a visitor's form may have one); route access applies the live folder's (accessNow).
 */
export function liveResourceCaptchaRoute(app: FastifyInstance): void {
  const nameOf = (request: { params: unknown }): string => (request.params as { resource: string }).resource;
  app.get(
    '/resources/:resource/captcha',
    {
      config: { access: 'public', accessNow: (request) => captchaAccess(app, nameOf(request)), rateLimit: RATE_LIMIT },
      schema: {
        summary: '在线发布后新增验证码字段的资源的图形验证码（一次有效，5分钟）',
        tags: ['资源：在线发布的验证码'],
        response: answerResponse(captchaAnswerSchema),
      },
      onRequest: callerWhenPublic,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answerCaptcha(app, request, nameOf(request));
    },
  );
}
