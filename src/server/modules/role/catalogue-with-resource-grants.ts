import { ACTION_KEYS } from '../../../shared/permissions/action-keys';
import type { CompiledResource } from '../resource/resource-registry';
import { ROLE_CATALOGUE, type CatalogueRole } from './role-catalogue';

const ADMIN = 'admin';

/**
 * The role catalogue with each resource folder's grants added (resource.json `grants`): a folder
 * names which built-in roles get which actions on its permission id, and the administrator gets
 * every action on every one. A grant to a role the catalogue does not have stops the start.
 */
export function catalogueWithResourceGrants(resources: readonly CompiledResource[], catalogue: readonly CatalogueRole[] = ROLE_CATALOGUE): CatalogueRole[] {
  const roleIds = catalogue.map((role) => role.id);
  for (const resource of resources) {
    for (const roleId of Object.keys(resource.resource.grants ?? {})) {
      if (!roleIds.includes(roleId)) throw new Error(`resources/${resource.name}/resource.json#/grants/${roleId}: 没有这个角色（内置角色：${roleIds.join('、')}）`);
    }
  }
  return catalogue.map((role) => {
    const added = resources.flatMap((resource) => {
      const actions = role.id === ADMIN ? [...ACTION_KEYS] : (resource.resource.grants?.[role.id] ?? []);
      // Listed in the spec's action order, as permissionsOf() returns them.
      return actions.length === 0 ? [] : [{ permissionId: resource.resource.permission, actionList: ACTION_KEYS.filter((action) => actions.includes(action)) }];
    });
    const own = role.permissions.filter((permission) => !added.some((entry) => entry.permissionId === permission.permissionId));
    return { ...role, permissions: [...own, ...added] };
  });
}
