import { ACTION_KEYS } from '../../../shared/permissions/action-keys';
import { offeredActions } from '../../engine/units/offered-actions';
import type { CompiledResource } from '../../engine/units/resource-registry';
import { ROLE_CATALOGUE, type CatalogueRole } from '../../services/roles/role-catalogue';
import { SYSTEM_ADMIN_ROLE as ADMIN, systemAdminMay } from '../../services/roles/separated-duties';

/**
 * The role catalogue with each resource folder's grants added (resource.json `grants`): a folder
 * names which built-in roles get which actions on its permission id, and the administrator gets
 * every action each one offers (unmask only where a folder masks personal numbers) but for the security
 * and audit administrators' duties (ADR 0068). A grant to a role the catalogue does not have stops the start.
 */
export function catalogueWithResourceGrants(
  resources: readonly CompiledResource[],
  catalogue: readonly CatalogueRole[] = ROLE_CATALOGUE,
): CatalogueRole[] {
  const roleIds = catalogue.map((role) => role.id);
  for (const resource of resources) {
    for (const roleId of Object.keys(resource.resource.grants ?? {})) {
      if (!roleIds.includes(roleId))
        throw new Error(`resources/${resource.name}/resource.json#/grants/${roleId}: 没有这个角色（内置角色：${roleIds.join('、')}）`);
    }
  }
  return catalogue.map((role) => {
    // Folders may share a permission id: one entry per id, with the actions any of them grants.
    // The administrator keeps what the catalogue gives it on a folder's id too: application.unmask (ADR 0065) on the
    // applications folder, which offers only spec §6's actions since its records are the applications module's.
    const granted = new Map<string, Set<string>>(
      role.id === ADMIN ? role.permissions.map((permission) => [permission.permissionId, new Set<string>(permission.actionList)]) : [],
    );
    for (const resource of resources) {
      const permissionId = resource.resource.permission;
      const actions =
        role.id === ADMIN
          ? offeredActions(resource).filter((action) => systemAdminMay(permissionId, action))
          : (resource.resource.grants?.[role.id] ?? []);
      if (actions.length === 0) continue;
      const set = granted.get(resource.resource.permission) ?? new Set<string>();
      for (const action of actions) set.add(action);
      granted.set(resource.resource.permission, set);
    }
    // Listed in the spec's action order, as permissionsOf() returns them.
    const added = [...granted].map(([permissionId, actions]) => ({
      permissionId,
      actionList: ACTION_KEYS.filter((action) => actions.has(action)),
    }));
    const own = role.permissions.filter((permission) => !added.some((entry) => entry.permissionId === permission.permissionId));
    return { ...role, permissions: [...own, ...added] };
  });
}
