import type { FastifyInstance } from 'fastify';
import unmaskedFieldsSchema from '../../../../schemas/api/unmasked-fields.schema.json';
import type { UnmaskedFields } from '../../../shared/generated/unmasked-fields';
import { UNMASK_ACTION } from '../../../shared/permissions/action-keys';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import { actorOf, callerOf, requireVisible } from '../records/record-access';
import { auditIfTampered } from '../records/record-integrity';
import { resourceBasePath } from '../units/resource-paths';
import type { CompiledResource } from '../units/resource-registry';

const PARAMS: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', title: '记录编号' } },
};

/** The answer names this folder's masked fields and nothing else (SECURITY R17); without the $id, which Fastify may hold once. */
function responseSchema(resource: CompiledResource): JsonSchema {
  const { $id: _id, ...answer } = unmaskedFieldsSchema as JsonSchema;
  const properties = Object.fromEntries(
    resource.maskedFields.map(([field]) => [field, { type: 'string', title: resource.record.properties?.[field]?.title ?? field }]),
  );
  return { ...answer, properties: { fields: { ...answer.properties?.['fields'], additionalProperties: false, properties } } };
}

/**
 * GET /resources/<name>/records/:id/unmasked (SECURITY R35): the record's x-mask fields in full, for
 * a holder of <permission>.unmask who may read the record (anyone else who may not gets the detail's
 * 404), within their jurisdiction. Each answer is one PI_VIEW audit row naming the fields, never
 * their values (R32); a user may ask 60 times a minute.
 */
export function registerUnmaskedFieldsRoute(app: FastifyInstance, resource: CompiledResource, tags: readonly string[]): void {
  const permission = `${resource.resource.permission}.${UNMASK_ACTION}`;
  const names = resource.maskedFields.map(([field]) => field).join('、');
  app.get<{ Params: { id: string } }>(
    `${resourceBasePath(resource.name)}/records/:id/unmasked`,
    {
      config: { access: { permission }, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: `${resource.resource.title}的完整个人信息（${names}；需 ${permission}，每次查看记入审计日志）`,
        tags: [...tags],
        params: PARAMS,
        response: okResponse(responseSchema(resource)),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const caller = await callerOf(app, resource, user);
      const row = await requireVisible(app, resource, request.params.id, caller, 'read');
      // A unit's officer reads their own units' records only; outside them the record is not there for them.
      if (!actorOf(resource, caller, row).can(UNMASK_ACTION)) throw new AppError(404, 'notFound');
      await auditIfTampered(request, resource, row);
      const fields: UnmaskedFields['fields'] = {};
      for (const [field] of resource.maskedFields) {
        const value = row.data[field];
        if (typeof value === 'string' && value !== '') fields[field] = value;
      }
      await auditRequest(request, {
        event: 'PI_VIEW',
        result: 'success',
        objectType: resource.name,
        objectId: row.id,
        action: permission,
        reason: Object.keys(fields).join(',') || null,
      });
      return ok({ fields });
    },
  );
}
