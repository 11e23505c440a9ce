import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { isJsonSchema } from '../../shared/schema/json-schema';
import type { SchemaRegistry } from '../modules/form-schemas/schema-registry';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The form schema (schemas/forms/<name>.schema.json) the handler validates the body with. */
    form?: string;
  }
}

/** `$schema` and `$id` belong to the files, not to schemas embedded in an OpenAPI document. */
function embeddable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(embeddable);
  if (!isJsonSchema(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$schema' && key !== '$id').map(([key, entry]) => [key, embeddable(entry)]));
}

const ENVELOPE_DESCRIPTION = [
  'Every answer is the envelope of spec §8: success `{code: 0, msg, data}` with HTTP 200',
  '(login: `{success, code: 200, result: {token}}`; captcha: `{success, data: {image}}`);',
  'a refusal `{code: <status>, msg, errors?: [{path, keyword, params, message}]}` with that 4xx status.',
  'Messages follow Accept-Language (zh-CN default, en-US).',
].join(' ');

/**
 * Collects the OpenAPI document from the routes themselves: their route schemas, and for form
 * routes the form's schema file. Registered only when the document is generated (npm run
 * docs:api), never in a running portal (SECURITY R30).
 */
export async function installOpenApi(app: FastifyInstance, registry: SchemaRegistry): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '科创服务门户 API · Kechuang Portal API', version: '0.1.0', description: ENVELOPE_DESCRIPTION },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => {
      const documented: Record<string, unknown> = { ...(embeddable(schema ?? {}) as Record<string, unknown>) };
      const form = route.config?.form;
      if (form) documented['body'] = embeddable(registry.require(form).schema);
      if (route.config?.access === 'user') documented['security'] = [{ bearerAuth: [] }];
      return { schema: documented, url };
    },
  });
}
