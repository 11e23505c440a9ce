import type { UserRoute } from '../../shared/generated/user-route';

interface Located {
  route: UserRoute;
  /** The route's ancestors in the generated tree, nearest first. */
  ancestors: readonly UserRoute[];
}

function flatten(routes: readonly UserRoute[], ancestors: readonly UserRoute[] = []): Located[] {
  return routes.flatMap((route) => [{ route, ancestors }, ...flatten(route.children ?? [], [route, ...ancestors])]);
}

/** `path` is `pathname` itself or one of its parent paths ('/integrity/audit' for '/integrity/audit/detail'). */
function covers(path: string, pathname: string): boolean {
  return path === pathname || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

/**
 * The permission ids of the generated route for `pathname` (spec §6: the route's permission entry):
 * the route whose path is the pathname or its nearest parent path, then its `meta.permission`, or
 * its nearest ancestor's in the tree. Undefined when no generated route carries an entry for it.
 */
export function routePermissionIds(pathname: string, routes: readonly UserRoute[]): readonly string[] | undefined {
  const candidates = flatten(routes).filter(({ route }) => covers(route.path, pathname));
  // The longest path is the nearest: a detail page takes its list's entry, not the menu root's.
  const nearest = candidates.sort((a, b) => b.route.path.length - a.route.path.length)[0];
  if (!nearest) return undefined;
  return [nearest.route, ...nearest.ancestors].find((route) => route.meta.permission?.length)?.meta.permission;
}
