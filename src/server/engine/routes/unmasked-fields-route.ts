import type { FastifyInstance, FastifyRequest } from 'fastify';
import unmaskedFieldsSchema from '../../../../schemas/api/unmasked-fields.schema.json';
import type { UnmaskedFields } from '../../../shared/generated/unmasked-fields';
import { UNMASK_ACTION } from '../../../shared/permissions/action-keys';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { requireUser, type RouteAccess } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import { actorOf, callerOf, requireVisible } from '../records/record-access';
import { auditIfTampered } from '../records/record-integrity';
import { offersUnmask } from '../units/offered-actions';
import { resourceBasePath } from '../units/resource-paths';
import type { CompiledResource } from '../units/resource-registry';

const PARAMS: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', title: '记录编号' } },
};

const RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * The answer's schema, without the $id, which Fastify may hold once. Its fields are strings; which ones
 * is the live folder's x-mask fields (a publication may add one, ADR 0045), so the handler puts in
 * those and nothing else (SECURITY R17) rather than a start-up list that would drop a new one.
 */
function responseSchema(): JsonSchema {
  const { $id: _id, ...answer } = unmaskedFieldsSchema as JsonSchema;
  return answer;
}

/** The live folder when it offers unmask now, else undefined. */
function masking(app: FastifyInstance, name: string): CompiledResource | undefined {
  const live = app.resources.get(name);
  return live && offersUnmask(live) ? live : undefined;
}

/** The live folder's <permission>.unmask; a folder that masks nothing: everyone, for the handler's 404. */
function unmaskAccess(app: FastifyInstance, name: string): RouteAccess {
  const live = masking(app, name);
  return live ? { permission: `${live.resource.permission}.${UNMASK_ACTION}` } : 'public';
}

async function answerUnmasked(app: FastifyInstance, request: FastifyRequest, name: string, id: string) {
  const resource = masking(app, name);
  if (!resource) throw new AppError(404, 'notFound');
  const permission = `${resource.resource.permission}.${UNMASK_ACTION}`;
  const user = requireUser(request);
  const caller = await callerOf(app, resource, user);
  const row = await requireVisible(app, resource, id, caller, 'read');
  // A unit's officer reads their own units' records only; outside them the record is not there for them.
  if (!actorOf(resource, caller, row).can(UNMASK_ACTION)) throw new AppError(404, 'notFound');
  await auditIfTampered(request, resource, row);
  const fields: UnmaskedFields['fields'] = {};
  for (const [field] of resource.maskedFields) {
    const value = row.data[field];
    if (typeof value === 'string' && value !== '') fields[field] = value;
  }
  const tables = unmaskedColumns(resource, row.data);
  const columns = Object.entries(tables).flatMap(([table, rows]) =>
    [...new Set(rows.flatMap(Object.keys))].map((column) => `${table}[].${column}`),
  );
  await auditRequest(request, {
    event: 'PI_VIEW',
    result: 'success',
    objectType: resource.name,
    objectId: row.id,
    action: permission,
    reason: [...Object.keys(fields), ...columns].join(',') || null,
  });
  return ok(Object.keys(tables).length > 0 ? { fields, tables } : { fields });
}

/** The x-mask columns of the record's tables in full, row by row (an invitation's guests' phones, ADR 0065); tables without a value are left out. */
function unmaskedColumns(resource: CompiledResource, data: Record<string, unknown>): Record<string, Record<string, string>[]> {
  const tables: Record<string, Record<string, string>[]> = {};
  for (const [table, column] of resource.maskedColumns) {
    const rows = data[table];
    if (!Array.isArray(rows)) continue;
    const shown = tables[table] ?? rows.map((): Record<string, string> => ({}));
    rows.forEach((entry: unknown, index) => {
      const value = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[column] : undefined;
      const target = shown[index];
      if (target && typeof value === 'string' && value !== '') target[column] = value;
    });
    if (shown.some((entry) => Object.keys(entry).length > 0)) tables[table] = shown;
  }
  return tables;
}

/**
 * GET /resources/<name>/records/:id/unmasked (SECURITY R35): the record's x-mask fields in full, for
 * a holder of <permission>.unmask who may read the record (anyone else who may not gets the detail's
 * 404), within their jurisdiction. Each answer is one PI_VIEW audit row naming the fields, never
 * their values (R32); a user may ask 60 times a minute. It reads the live folder's masked fields
 * (ADR 0045), so a field masked by a publication is answered too.
 */
export function registerUnmaskedFieldsRoute(app: FastifyInstance, resource: CompiledResource, tags: readonly string[]): void {
  const permission = `${resource.resource.permission}.${UNMASK_ACTION}`;
  const names = resource.maskedFields.map(([field]) => field).join('、');
  app.get<{ Params: { id: string } }>(
    `${resourceBasePath(resource.name)}/records/:id/unmasked`,
    {
      config: { access: { permission }, accessNow: () => unmaskAccess(app, resource.name), rateLimit: RATE_LIMIT },
      schema: {
        summary: `${resource.resource.title}的完整个人信息（${names}；需 ${permission}，每次查看记入审计日志）`,
        tags: [...tags],
        params: PARAMS,
        response: okResponse(responseSchema()),
      },
    },
    async (request) => answerUnmasked(app, request, resource.name, request.params.id),
  );
}

/**
 * The unmasked view of a folder that masked nothing at start-up and masks a field since a publication
 * (ADR 0045): one parametric route, registered once; find-my-way prefers the static ones. Declared
 * 'public' and applying the live folder's <permission>.unmask (accessNow); a folder that masks nothing
 * answers 404.
 */
export function liveUnmaskedFieldsRoute(app: FastifyInstance): void {
  app.get<{ Params: { resource: string; id: string } }>(
    '/resources/:resource/records/:id/unmasked',
    {
      config: {
        access: 'public',
        accessNow: (request) => unmaskAccess(app, (request.params as { resource: string }).resource),
        rateLimit: RATE_LIMIT,
      },
      schema: {
        summary: '在线发布后新增脱敏字段的资源的完整个人信息（需该资源的 unmask 权限，每次查看记入审计日志）',
        tags: ['资源：在线发布的脱敏字段'],
        params: {
          ...PARAMS,
          required: ['resource', 'id'],
          properties: { ...PARAMS.properties, resource: { type: 'string', title: '资源' } },
        },
        response: okResponse(responseSchema()),
      },
    },
    async (request) => answerUnmasked(app, request, request.params.resource, request.params.id),
  );
}
