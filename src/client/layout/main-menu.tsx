import type { MenuDataItem } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import type { SiteNavigation } from '../../shared/generated/site-navigation';
import type { UserRoute } from '../../shared/generated/user-route';
import { AppstoreIcon, HomeIcon, ProfileIcon, SafetyCertificateIcon } from './icons';
import type { LayoutTexts } from './layout-texts';
import { offeredRoutes } from './offered-routes';

type NavigationIcon = NonNullable<SiteNavigation['menu'][number]['icon']>;

const NAVIGATION_ICONS: Record<NavigationIcon, () => ReactNode> = {
  home: () => <HomeIcon />,
  appstore: () => <AppstoreIcon />,
  profile: () => <ProfileIcon />,
  'safety-certificate': () => <SafetyCertificateIcon />,
};

const titleIn = (entry: { title: string; titleEn: string }, locale: Locale): string => (locale === 'en-US' ? entry.titleEn : entry.title);

/**
 * The portal's own menu, for the top or the side layout, from the site's navigation (schemas/site/
 * navigation.json, as the server sends it to this caller). Until it has loaded, or if it cannot,
 * the menu offers the home page alone. Names follow the language; ProLayout's own menu i18n is off.
 * `ownWork` (工作台 and the menu generated after login) comes right after the first entry (首页), then
 * the entries for users only (我的申报), then the public sections: on a narrow header antd folds the
 * last entries under "…", and a person's own work must stay in sight.
 */
export function mainMenu(
  navigation: SiteNavigation | undefined,
  locale: Locale,
  layoutTexts: LayoutTexts,
  ownWork: readonly MenuDataItem[] = [],
): MenuDataItem[] {
  if (!navigation) return [{ path: '/home', name: layoutTexts.home, icon: <HomeIcon /> }, ...ownWork];
  const items = navigation.menu.map((entry, index) => {
    const icon = entry.icon ? NAVIGATION_ICONS[entry.icon]() : undefined;
    const base = { name: titleIn(entry, locale), ...(icon ? { icon } : {}) };
    if (entry.path !== undefined) return { ...base, path: entry.path };
    // A group has no page of its own: a key, and its links below it.
    return {
      ...base,
      key: `nav-group-${index}`,
      children: (entry.children ?? []).map((child) => ({ name: titleIn(child, locale), path: child.path, key: child.path })),
    };
  });
  const [first, ...rest] = items;
  const personal = rest.filter((_, index) => navigation.menu[index + 1]?.personal === true);
  const sections = rest.filter((_, index) => navigation.menu[index + 1]?.personal !== true);
  return [...(first ? [first] : []), ...ownWork, ...personal, ...sections];
}

// The generated routes name their icons (ant-design-vue-pro style); the ones the shell draws.
const ROUTE_ICONS: Record<string, () => ReactNode> = {
  'safety-certificate': () => <SafetyCertificateIcon />,
  read: () => <ProfileIcon />,
};

/** A generated route's title in the interface language (the English one when the server sends it). */
export function routeTitle(route: UserRoute, locale: Locale): string {
  return locale === 'en-US' && route.meta.titleEn ? route.meta.titleEn : route.meta.title;
}

/**
 * The menu generated after login (spec §4: only 科研诚信, from /integrity/app/user/routes) as
 * ProLayout menu data, appended after the portal's own entries; only the pages this client has.
 */
export function generatedMenu(routes: readonly UserRoute[], locale: Locale): MenuDataItem[] {
  return menuItems(offeredRoutes(routes), locale);
}

function menuItems(routes: readonly UserRoute[], locale: Locale): MenuDataItem[] {
  return routes.map((route) => {
    const icon = route.meta.icon ? ROUTE_ICONS[route.meta.icon]?.() : undefined;
    const children = route.children?.length ? menuItems(route.children, locale) : undefined;
    return {
      key: route.id,
      path: route.path,
      name: routeTitle(route, locale),
      ...(icon ? { icon } : {}),
      ...(children ? { children } : {}),
    };
  });
}

/** Path → title of every generated route, for the tab bar. */
export function generatedTitles(routes: readonly UserRoute[], locale: Locale): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (list: readonly UserRoute[]): void =>
    list.forEach((route) => {
      titles.set(route.path, routeTitle(route, locale));
      walk(route.children ?? []);
    });
  walk(routes);
  return titles;
}
