import type { MenuDataItem } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import type { UserRoute } from '../../shared/generated/user-route';
import type { Texts } from '../i18n/texts';
import { AppstoreIcon, HomeIcon, ProfileIcon, SafetyCertificateIcon } from './icons';
import type { LayoutTexts } from './layout-texts';
import { offeredRoutes } from './offered-routes';

/**
 * The portal's own menu, for the top or the side layout. Names come from the texts, so the menu
 * follows the language; ProLayout's own menu i18n is switched off.
 */
export function mainMenu(texts: Texts, layoutTexts: LayoutTexts): MenuDataItem[] {
  return [
    { path: '/home', name: layoutTexts.home, icon: <HomeIcon /> },
    { path: '/activities', name: texts.activities, icon: <AppstoreIcon /> },
    { path: '/activitiesFormList', name: texts.myApplications, icon: <ProfileIcon /> },
  ];
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
