import type { JsonSchema } from '../../shared/schema/json-schema';
import { inlineSchemaRefs } from './inline-schema-refs';

/** The success envelope of spec §8 around `data`: what `ok(data)` sends. */
export function envelopeSchema(data: unknown): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer', title: '结果码（0 成功）' },
      msg: { type: 'string', title: '提示' },
      data: inlineSchemaRefs(data) as JsonSchema,
    },
  };
}

/**
 * A route's `schema.response` for an `ok(data)` answer. Fastify serializes the answer with it, so a
 * property the schema does not name never leaves the server (SECURITY R17), and the OpenAPI document
 * describes the answer as well as the request.
 */
export function okResponse(data: unknown): { 200: JsonSchema } {
  return { 200: envelopeSchema(data) };
}

/** A whole answer in its own spec shape (login, captcha): the schema file as it is. */
export function answerResponse(answer: unknown): { 200: JsonSchema } {
  return { 200: inlineSchemaRefs(answer) as JsonSchema };
}

/** `data: null`: the call answers only with its message. */
export const NO_DATA: JsonSchema = { type: 'null' };

/** One page of a list: the total and the page's records. */
export function pageOf(item: unknown): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['total', 'records'],
    properties: {
      total: { type: 'integer', minimum: 0, title: '总数' },
      records: { type: 'array', items: inlineSchemaRefs(item) as JsonSchema },
    },
  };
}

/** A redirect: no body, the target in Location. */
export function redirectResponse(description: string): { 302: JsonSchema } {
  return { 302: { type: 'null', description } };
}
