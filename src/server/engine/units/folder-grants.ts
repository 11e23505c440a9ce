import { offeredActions } from './offered-actions';
import type { CompiledResource } from './compiled-resource';

/** The administrator: every action a folder's permission id offers. */
export const ADMIN_ROLE = 'admin';

/** Which built-in roles a folder's permission id is granted to, with their actions: resource.json grants, and the administrator every action it offers. */
export function folderGrants(resource: CompiledResource): Record<string, readonly string[]> {
  return { ...(resource.resource.grants ?? {}), [ADMIN_ROLE]: offeredActions(resource) };
}
