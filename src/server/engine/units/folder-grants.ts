import { SYSTEM_ADMIN_ROLE, systemAdminMay } from '../../services/roles/separated-duties';
import { offeredActions } from './offered-actions';
import type { CompiledResource } from './compiled-resource';

/** The administrator: every action a folder's permission id offers, but the other administrators' duties (ADR 0068). */
export const ADMIN_ROLE = SYSTEM_ADMIN_ROLE;

/** Which built-in roles a folder's permission id is granted to, with their actions: resource.json grants, and the administrator every action it offers. */
export function folderGrants(resource: CompiledResource): Record<string, readonly string[]> {
  const permissionId = resource.resource.permission;
  return {
    ...(resource.resource.grants ?? {}),
    [ADMIN_ROLE]: offeredActions(resource).filter((action) => systemAdminMay(permissionId, action)),
  };
}
