import type { PermissionNode } from '../../../shared/generated/permission-node';
import { localizedEntryTitle } from '../../../shared/i18n/localized-title';
import { ACTION_KEYS, UNMASK_ACTION, type ActionKey } from '../../../shared/permissions/action-keys';
import { actionTitle } from '../../../shared/permissions/action-titles';
import { STUDIO_KIND_PERMISSIONS } from '../../../shared/permissions/studio-kind-permissions';
import type { CompiledResource } from '../../engine/units/resource-registry';
import { CONTENT_MENU, INTEGRITY_MENU } from '../user/user-menu';

export const ROOT_PARENT = '0';

// The studio's per-kind ids (ADR 0041) guard no page of their own: named after 表单设计 and the kind, as the studio groups them.
const STUDIO_KIND_TITLES: ReadonlyMap<string, { name: string; nameEn: string }> = new Map([
  [STUDIO_KIND_PERMISSIONS.activity, { name: '表单设计：申报活动', nameEn: 'Schema studio: activities' }],
  [STUDIO_KIND_PERMISSIONS.form, { name: '表单设计：表单', nameEn: 'Schema studio: forms' }],
  [STUDIO_KIND_PERMISSIONS.resource, { name: '表单设计：资源文件夹', nameEn: 'Schema studio: resource folders' }],
  [STUDIO_KIND_PERMISSIONS.site, { name: '表单设计：站点导航', nameEn: 'Schema studio: site navigation' }],
  [STUDIO_KIND_PERMISSIONS.dashboard, { name: '表单设计：统计看板', nameEn: 'Schema studio: dashboards' }],
  [STUDIO_KIND_PERMISSIONS.dictionary, { name: '表单设计：字典', nameEn: 'Schema studio: dictionaries' }],
]);

/** What each permission id is called: the 科研诚信 page it guards, the studio kind it authors, or the resource folder that declares it. */
export function permissionTitles(resources: readonly CompiledResource[]): Map<string, { name: string; nameEn: string }> {
  const titles = new Map<string, { name: string; nameEn: string }>();
  for (const page of [...INTEGRITY_MENU, CONTENT_MENU].flatMap((menu) => menu.children ?? [])) {
    const id = page.meta.permission?.[0];
    if (id) titles.set(id, { name: page.meta.title, nameEn: page.meta.titleEn ?? page.meta.title });
  }
  for (const [id, title] of STUDIO_KIND_TITLES) titles.set(id, title);
  for (const resource of resources) {
    if (!titles.has(resource.resource.permission))
      titles.set(resource.resource.permission, { name: resource.resource.title, nameEn: localizedEntryTitle(resource.resource, 'en-US') });
  }
  return titles;
}

/**
 * The permission tree (spec §3 Menu permission): each permission id under the root, its actions as
 * children. `granted` narrows it to what a role holds; without it, every action each id offers
 * (unmask only on the ids in `unmaskable`, those of folders that mask personal numbers).
 */
export function permissionTree(
  ids: readonly string[],
  titles: ReadonlyMap<string, { name: string; nameEn: string }>,
  granted?: ReadonlyMap<string, readonly string[]>,
  unmaskable: ReadonlySet<string> = new Set(),
): PermissionNode[] {
  return [...ids].sort().flatMap((id) => {
    const actions: readonly ActionKey[] = granted
      ? ACTION_KEYS.filter((action) => granted.get(id)?.includes(action))
      : ACTION_KEYS.filter((action) => action !== UNMASK_ACTION || unmaskable.has(id));
    if (actions.length === 0) return [];
    const title = titles.get(id) ?? { name: id, nameEn: id };
    return [
      {
        id,
        parentId: ROOT_PARENT,
        ...title,
        children: actions.map((action) => ({
          id: `${id}.${action}`,
          parentId: id,
          name: actionTitle(action, 'zh-CN'),
          nameEn: actionTitle(action, 'en-US'),
        })),
      },
    ];
  });
}
