import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { inlineSchemaRefs } from '../../lib/inline-schema-refs';
import type { SchemaRegistry } from '../units/schema-registry';
import type { ResourceRegistry } from '../units/resource-registry';
import { requiredPermission } from '../../plugins/route-access';
import '../write/write-pipeline';
import '../../plugins/idempotency';

const ENVELOPE_DESCRIPTION = [
  'Every answer is the envelope of spec §8: success `{code: 0, msg, data}` with HTTP 200',
  '(login: `{success, code: 200, result: {token}}`; captcha: `{success, data: {image}}`);',
  'a refusal `{code: <status>, msg, errors?: [{path, keyword, params, message}]}` with that 4xx status.',
  'Messages follow Accept-Language (zh-CN default, en-US).',
].join(' ');

const IDEMPOTENCY_KEY_DOC = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7e]+$',
  description: [
    'Optional (SECURITY R37). A new key (a UUID) per submission, the same key on a retry of it: the same key and body',
    'from the same caller within 24 h answer the first 2xx answer again (header `Idempotent-Replayed: true`) without',
    'running twice; another body with the key is 422; while the first is still running the request waits for it, 409',
    'after 10 s. A failed first request does not keep the key.',
  ].join(' '),
};

/**
 * Collects the OpenAPI document from the routes themselves: their route schemas, and for form
 * routes the form's schema file. Registered only when the document is generated (npm run
 * docs:api), never in a running portal (SECURITY R30).
 */
export async function installOpenApi(app: FastifyInstance, registry: SchemaRegistry, resources?: ResourceRegistry): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '科创服务门户 API · Kechuang Portal API', version: '0.1.0', description: ENVELOPE_DESCRIPTION },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    hideUntagged: false,
    // A schema known by its $id (a menu node holding its children) is named after its file, not `def-0`.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json['$id'] === 'string' ? (/([a-z0-9-]+)\.schema\.json$/.exec(json['$id'])?.[1] ?? `def-${i}`) : `def-${i}`,
    },
    transform: ({ schema, url, route }) => {
      const documented: Record<string, unknown> = { ...(inlineSchemaRefs(schema ?? {}) as Record<string, unknown>) };
      const form = route.config?.form;
      if (form) documented['body'] = inlineSchemaRefs(registry.require(form).schema);
      // A resource write: the record schema is the body (create) or its data (update).
      const resourceWrite = route.config?.resource;
      const record = resourceWrite ? resources?.get(resourceWrite.name)?.record : undefined;
      if (resourceWrite && record) {
        const body = documented['body'] as { properties?: Record<string, unknown> } | undefined;
        documented['body'] =
          resourceWrite.write === 'create'
            ? inlineSchemaRefs(record)
            : { ...body, properties: { ...body?.properties, data: inlineSchemaRefs(record) } };
      }
      // A create or submit takes an Idempotency-Key (SECURITY R37, ADR 0064): a header the route schema leaves unchecked.
      if (route.config?.idempotent === true) {
        const headers = (documented['headers'] ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
        documented['headers'] = { ...headers, properties: { ...headers.properties, 'idempotency-key': IDEMPOTENCY_KEY_DOC } };
      }
      const access = route.config?.access;
      if (access !== undefined && access !== 'public') documented['security'] = [{ bearerAuth: [] }];
      // The document has no field for a spec §6 permission check, so the description names it.
      const permission = requiredPermission(access);
      if (permission) {
        const needs = `Needs the permission \`${permission}\` (spec §6): 401 without a session, 403 when the role lacks it.`;
        documented['description'] = typeof documented['description'] === 'string' ? `${documented['description']} ${needs}` : needs;
      }
      return { schema: documented, url };
    },
  });
}
