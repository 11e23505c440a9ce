/**
 * The router `handle` of a page that needs a permission: its permission ids, the client's own copy
 * of the entry the generated routes carry. The action directive falls back to it while the generated
 * routes are not loaded (the unit rule loads them only once a unit is chosen, spec §4).
 */
export interface PermissionHandle {
  permission: readonly string[];
}

export function isPermissionHandle(value: unknown): value is PermissionHandle {
  if (typeof value !== 'object' || value === null) return false;
  const permission = (value as Record<string, unknown>)['permission'];
  return Array.isArray(permission) && permission.every((id) => typeof id === 'string');
}
