import type { NavigationFile } from '../generated/navigation-file';
import type { Permission } from '../generated/permission';
import type { SiteNavigation } from '../generated/site-navigation';
import { ACTION_KEYS } from '../permissions/action-keys';
import { navigationFor } from './navigation-for';

/**
 * What the studio previews of a navigation: the menu, tiles and footer as a visitor, a logged-in user
 * with no particular permission, and a user holding every permission an entry names (`permissions`,
 * empty when no entry names one) would each receive them from GET /api/site/navigation.
 */
export interface NavigationPreview {
  visitor: SiteNavigation;
  user: SiteNavigation;
  permitted: SiteNavigation;
  permissions: string[];
}

/** Every `<permission id>.<action>` the file's entries name, in the file's order, once each. */
function namedPermissions(file: NavigationFile): string[] {
  const entries = [
    ...file.menu.flatMap((entry) => [entry, ...(entry.children ?? [])]),
    ...file.tiles,
    ...file.footer.flatMap((group) => group.children),
  ];
  return [...new Set(entries.flatMap((entry) => (entry.permission === undefined ? [] : [entry.permission])))];
}

/** The permissions that grant each of `checks` (a check with an unknown action grants nothing, as on the server). */
function grantsOf(checks: readonly string[]): Permission[] {
  const grants = new Map<string, Permission['actionList']>();
  for (const check of checks) {
    const dot = check.lastIndexOf('.');
    const action = ACTION_KEYS.find((key) => key === check.slice(dot + 1));
    if (dot <= 0 || action === undefined) continue;
    const id = check.slice(0, dot);
    grants.set(id, [...(grants.get(id) ?? []), action]);
  }
  return [...grants].map(([permissionId, actionList]) => ({ permissionId, actionList }));
}

/** The navigation as each kind of caller receives it, by the server's own navigationFor. */
export function navigationPreview(file: NavigationFile): NavigationPreview {
  const permissions = namedPermissions(file);
  return {
    visitor: navigationFor(file, { kind: 'visitor' }),
    user: navigationFor(file, { kind: 'user', permissions: [] }),
    permitted: navigationFor(file, { kind: 'user', permissions: grantsOf(permissions) }),
    permissions,
  };
}
