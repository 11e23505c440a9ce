import type { NavigationFile } from '../generated/navigation-file';
import type { Permission } from '../generated/permission';
import type { SiteNavigation } from '../generated/site-navigation';
import { localizedEntryTitle } from '../i18n/localized-title';
import { hasPermission } from '../permissions/has-permission';

/** Who is asking: a visitor (no session), or a logged-in user with their permissions. */
export type NavigationCaller = { kind: 'visitor' } | { kind: 'user'; permissions: readonly Permission[] };

type Shown = { audience?: 'everyone' | 'visitor' | 'user'; permission?: string };

function shownTo(entry: Shown, caller: NavigationCaller): boolean {
  if (entry.audience === 'visitor' && caller.kind !== 'visitor') return false;
  if (entry.audience === 'user' && caller.kind !== 'user') return false;
  if (entry.permission !== undefined) return caller.kind === 'user' && hasPermission(caller.permissions, entry.permission);
  return true;
}

type Localised = { title: string; locale?: { 'en-US'?: { title: string; text?: string } } };

const titles = (entry: Localised) => ({ title: entry.title, titleEn: localizedEntryTitle(entry, 'en-US') });

const link = (entry: Localised & { path: string }) => ({ ...titles(entry), path: entry.path });

/**
 * The navigation one caller receives (GET /api/site/navigation): only the entries they may use, in
 * both languages (a missing English title falls back to the Chinese one), and no group left empty.
 */
export function navigationFor(file: NavigationFile, caller: NavigationCaller): SiteNavigation {
  const menu = file.menu.flatMap((entry): SiteNavigation['menu'] => {
    if (!shownTo(entry, caller)) return [];
    const icon = entry.icon ? { icon: entry.icon } : {};
    // An entry for users only is their own work: the header keeps it in sight ahead of the public sections.
    const personal = entry.audience === 'user' || entry.permission !== undefined ? { personal: true } : {};
    if (entry.path !== undefined) return [{ ...link({ ...entry, path: entry.path }), ...icon, ...personal }];
    const children = (entry.children ?? []).filter((child) => shownTo(child, caller)).map(link);
    return children.length === 0 ? [] : [{ ...titles(entry), ...icon, ...personal, children }];
  });
  const tiles = file.tiles
    .filter((tile) => shownTo(tile, caller))
    .map((tile) => ({ ...link(tile), text: tile.text, textEn: tile.locale?.['en-US']?.text ?? tile.text }));
  const footer = file.footer.flatMap((group) => {
    const children = group.children.filter((child) => shownTo(child, caller)).map(link);
    return children.length === 0 ? [] : [{ ...titles(group), children }];
  });
  return { menu, tiles, footer };
}
