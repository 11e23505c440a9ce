import { useLocation, useMatches } from 'react-router-dom';
import { useGeneratedMenu } from '../session/user-session-store';
import { isPermissionHandle } from './permission-handle';
import { routePermissionIds } from './route-permission-ids';

const NONE: readonly string[] = [];

/**
 * The permission ids of the current route: the generated route's entry (the server's word), else the
 * page's own router handle; none when neither has one. Needs a data router (useMatches).
 */
export function useRoutePermissionIds(): readonly string[] {
  const { pathname } = useLocation();
  const generated = routePermissionIds(pathname, useGeneratedMenu());
  const matches = useMatches();
  if (generated) return generated;
  // The innermost route that declares an entry.
  const handle = [...matches].reverse().find((match) => isPermissionHandle(match.handle))?.handle;
  return isPermissionHandle(handle) ? handle.permission : NONE;
}
