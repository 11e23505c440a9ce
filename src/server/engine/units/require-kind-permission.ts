import type { FastifyRequest } from 'fastify';
import { mayPublishKind, studioKindCheck } from '../../../shared/permissions/studio-kind-permissions';
import type { ServerMessageKey } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/route-access';
import { auditRequest } from '../../services/audit/request-audit';
import type { UnitKind } from './unit-registry';

// The refusal names the kind, so an editor reads that resource folders are the administrator's, not a bare 没有足够的权限.
const REFUSALS: { readonly [K in UnitKind]: ServerMessageKey } = {
  activity: 'studioForbiddenActivity',
  form: 'studioForbiddenForm',
  resource: 'studioForbiddenResource',
  site: 'studioForbiddenSite',
  dashboard: 'studioForbiddenDashboard',
  dictionary: 'studioForbiddenDictionary',
  workflow: 'studioForbiddenWorkflow',
};

/**
 * Who may author what (issue 32, ADR 0041): the caller must hold schemaStudio.update and the unit
 * kind's own update (schemaStudioResource.update for a resource folder…) to weigh, publish, roll back
 * or create a unit of that kind. A refusal is audited like the route-level one (ACCESS_DENIED, SECURITY
 * R31), with the unit as the object, and answered 403 with the kind's message. Returns the kind's
 * check, which the publication's audit row records as its action.
 */
export async function requireKindPermission(request: FastifyRequest, unit: { kind: UnitKind; name: string }): Promise<string> {
  const user = requireUser(request);
  const check = studioKindCheck(unit.kind);
  if (mayPublishKind(user.permissions, unit.kind)) return check;
  const reason = REFUSALS[unit.kind];
  await auditRequest(request, {
    event: 'ACCESS_DENIED',
    result: 'failure',
    reason,
    action: check,
    objectType: 'schema',
    objectId: `${unit.kind}/${unit.name}`,
  });
  throw new AppError(403, reason);
}
