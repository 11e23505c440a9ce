import type { SiteNavigation } from '../../shared/generated/site-navigation';
import { useLoad } from '../hooks/use-load';
import { useUserSession } from '../session/user-session-store';
import { useToken } from '../session/session-store';
import { fetchSiteNavigation } from './site-navigation-api';

/** Who the navigation is for: a visitor, or a token with its permissions (the server decides which entries they see). */
export function useSiteNavigationKey(): string {
  const token = useToken();
  const session = useUserSession();
  const permissions =
    session?.permissions.map((permission) => `${permission.permissionId}:${permission.actionList.join(',')}`).join(';') ?? '';
  return token === null ? 'visitor' : `${token}|${permissions}`;
}

/**
 * The site's navigation for whoever is on the page: loaded again when they log in or out, or when
 * their permissions change (a unit chosen), since the server decides which entries they see.
 */
export function useSiteNavigation(): { navigation: SiteNavigation | undefined; failed: boolean; retry: () => void } {
  const key = useSiteNavigationKey();
  const { value, failed, retry } = useLoad(() => fetchSiteNavigation(key), key);
  return { navigation: value, failed, retry };
}
