import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isJsonSchema } from '../../shared/schema/json-schema';
import { toFieldErrors } from '../../shared/schema/to-field-errors';
import { messageKeyForStatus, serverMessage } from '../i18n/server-messages';
import { requestLocale } from '../i18n/request-locale';
import { AppError } from '../lib/app-error';
import type { ErrorEnvelope } from '../lib/envelope';

type SchemaPart = 'body' | 'querystring' | 'params' | 'headers';

const INVALID_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

function routeSchemaFor(request: FastifyRequest, part: string | undefined): unknown {
  const schema = request.routeOptions.schema;
  if (!schema || !part) return undefined;
  return schema[part as SchemaPart];
}

function envelopeFor(error: FastifyError | AppError, request: FastifyRequest): { status: number; body: ErrorEnvelope } {
  const locale = requestLocale(request);
  if (error instanceof AppError) {
    const body: ErrorEnvelope = { code: error.statusCode, msg: error.details.msg ?? serverMessage(error.messageKey, locale) };
    // A specific refusal (windowClosed, notQualified, versionConflict…) names itself, so a client can
    // branch on it in any locale; a generic one (401 unauthorized, 404 notFound) says nothing more.
    if (error.messageKey !== messageKeyForStatus(error.statusCode)) body.reason = error.messageKey;
    if (error.details.errors) body.errors = error.details.errors;
    if (error.details.data !== undefined) body.data = error.details.data;
    return { status: error.statusCode, body };
  }
  // A route schema (body, querystring, params) rejected the input: every field error, worded for people.
  if (error.validation) {
    const schema = routeSchemaFor(request, error.validationContext);
    const errors = toFieldErrors(error.validation as Parameters<typeof toFieldErrors>[0], isJsonSchema(schema) ? schema : {}, locale);
    return { status: 400, body: { code: 400, msg: serverMessage('validationFailed', locale), errors } };
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    return { status: 500, body: { code: 500, msg: serverMessage('internalError', locale), requestId: String(request.id) } };
  }
  // Fastify's own 4xx (bad JSON, too large, wrong content type): our words, never its internals.
  const key = INVALID_JSON_CODES.has(String(error.code)) ? 'invalidJson' : messageKeyForStatus(status);
  return { status, body: { code: status, msg: serverMessage(key, locale) } };
}

/**
 * One error handler and one 404 handler for the whole app: every failure is the spec's envelope
 * `{code, msg, errors?}` with a localised msg; a 500 adds only the request id (SECURITY R30).
 */
export function installErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = envelopeFor(error, request);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (status !== 401 && status !== 404) request.log.info({ status }, 'request refused');
    return reply.code(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorEnvelope = { code: 404, msg: serverMessage('notFound', requestLocale(request)) };
    return reply.code(404).send(body);
  });
}
