import type { ResourceFile } from '../generated/resource-file';
import { PERMISSION_IDS } from '../permissions/permission-ids';

/** The permission ids a navigation entry may name: the product's own and each resource folder's. */
export function navigationPermissionIds(folders: Iterable<{ resource: Pick<ResourceFile, 'permission'> }>): Set<string> {
  const ids = new Set<string>(Object.values(PERMISSION_IDS));
  for (const folder of folders) ids.add(folder.resource.permission);
  return ids;
}
