import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { captchaRoutes } from './captcha-routes';

/** The image captcha for public forms. */
export async function captchaModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [captchaRoutes]);
}
