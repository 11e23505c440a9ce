import type { RouteAccess } from '../../plugins/route-access';
import type { CompiledResource } from '../units/compiled-resource';

/**
 * Who may create a folder's records now: `<permission>.<createAction>`, visitors where `anonymousCreate`,
 * else any user. Read at each request (route access's `accessNow`) by the start-up create route and the
 * live one alike, so a publication of either key is live (ADR 0048).
 */
export function createAccessOf(resource: CompiledResource): RouteAccess {
  if (resource.resource.createAction) return { permission: `${resource.resource.permission}.${resource.resource.createAction}` };
  return resource.resource.anonymousCreate ? 'public' : 'user';
}

/** Who may ask for a record's detail now: anyone where the folder has `visitors` (the handler shows them only its visitor states), else users. */
export function detailAccessOf(resource: CompiledResource): RouteAccess {
  return resource.resource.visitors ? 'public' : 'user';
}
