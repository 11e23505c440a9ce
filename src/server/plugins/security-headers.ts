import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../shared/api/endpoints';
import { publicCacheOf } from './public-cache';

/** Under the API base: the CSP's report-uri and the Reporting-Endpoints header name `/api/csp-report`. */
export const CSP_REPORT_PATH = '/csp-report';

/** Where browsers send violation reports (SECURITY R29): the legacy report-uri and the Reporting API's endpoint. */
export const CSP_REPORT_URL = `${API_BASE}${CSP_REPORT_PATH}`;
const CSP_REPORT_ENDPOINT = 'csp-endpoint';

/*
 * No 'unsafe-eval' anywhere: the engine compiles schemas to data, never to code. antd injects <style>
 * elements, hence 'unsafe-inline' for styles only. Captcha images are data: URLs. A browser that knows
 * report-to uses it and ignores report-uri; older ones use report-uri.
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
  reportUri: [CSP_REPORT_URL],
  reportTo: [CSP_REPORT_ENDPOINT],
};

/*
 * The powerful features the portal never uses, denied to it and to anything embedded in it, so an
 * injected script cannot reach them either. Fullscreen stays allowed to the portal's own documents,
 * where the browser's own controls offer it; nothing under src/client uses any of the others.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Helmet's headers with our CSP, a Permissions-Policy, and `Cache-Control: no-store` on every API answer
 * except a visitor's answer from a route that declares a public cache policy (public-cache.ts).
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // In onSend, so that answers refused before helmet's onRequest hook ran (a 401, a 429) carry them too.
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('reporting-endpoints', `${CSP_REPORT_ENDPOINT}="${CSP_REPORT_URL}"`);
    // A route that set its own no-store policy (a download's `private, no-store`) keeps it.
    const own = reply.getHeader('cache-control');
    const keepsOwn = (typeof own === 'string' && own.includes('no-store')) || publicCacheOf(request, reply) !== undefined;
    if ((request.url === '/api' || request.url.startsWith('/api/')) && !keepsOwn) reply.header('cache-control', 'no-store');
    return payload;
  });
}
