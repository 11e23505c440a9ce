import type { FastifyInstance } from 'fastify';
import errorEnvelopeSchema from '../../../schemas/api/error-envelope.schema.json';
import { API_BASE } from '../../shared/api/endpoints';
import { inlineSchemaRefs } from '../lib/inline-schema-refs';

/** The refusal of spec §8, as a response schema. */
export const ERROR_ENVELOPE = inlineSchemaRefs(errorEnvelopeSchema);

/** A success or redirect status ('200', '2xx', '302'…), as a response schema's key. */
const ANSWER_STATUS = /^[23]([0-9]{2}|xx)$/;

/**
 * Every API route declares its answer (`schema.response` with a 2xx or 3xx entry), or the app
 * refuses to start, as with `config.access`: Fastify serializes the answer with it, so nothing the
 * schema does not name leaves the server (SECURITY R17), and the OpenAPI document describes answers
 * as well as requests. The refusals of every route are the error envelope of spec §8, added here
 * where a route names no other (the development SSO provider speaks OAuth's own error shape).
 * Install on the root instance before any route is registered.
 */
export function installResponseSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE}/`)) return;
    const methods = [route.method].flat().join(',');
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    if (!Object.keys(response).some((status) => ANSWER_STATUS.test(status))) {
      throw new Error(
        `route ${methods} ${route.url} declares no response schema (schema.response with a 2xx or 3xx status); every API route must`,
      );
    }
    route.schema = { ...route.schema, response: { '4xx': ERROR_ENVELOPE, '5xx': ERROR_ENVELOPE, ...response } };
  });
}
