import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/*
 * No 'unsafe-eval' anywhere: the engine compiles schemas to data, never to code. antd injects <style>
 * elements, hence 'unsafe-inline' for styles only. Captcha images are data: URLs.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/** Helmet's headers with our CSP, and `Cache-Control: no-store` on every API answer. */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // A route that set its own no-store policy (a download's `private, no-store`) keeps it.
    const own = reply.getHeader('cache-control');
    const keepsOwn = typeof own === 'string' && own.includes('no-store');
    if ((request.url === '/api' || request.url.startsWith('/api/')) && !keepsOwn) reply.header('cache-control', 'no-store');
    return payload;
  });
}
