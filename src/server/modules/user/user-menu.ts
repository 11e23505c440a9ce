import type { Permission } from '../../../shared/generated/permission';
import type { UserRoute } from '../../../shared/generated/user-route';
import { resourceListHref } from '../../../shared/resource/resource-links';
import type { CompiledResource } from '../../engine/units/resource-registry';
import { hasAction } from '../../../shared/permissions/has-permission';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';

const ROOT_ID = 'integrity';

/** A page of the 科研诚信 menu, with the permission ids (spec §6 menu permission) it depends on. */
function page(
  id: string,
  name: string,
  path: string,
  component: string,
  title: string,
  titleEn: string,
  permission: string[],
  parentId = ROOT_ID,
): UserRoute {
  return { id, parentId, name, path, component, meta: { title, titleEn, permission } };
}

const CONTENT_ID = 'content';

/**
 * 内容管理 (issue 12, ADR 0016): the content editors' menu, only of list files with menu.section
 * content, so it is generated only for those who may query one; everyone else still gets 科研诚信 alone.
 */
export const CONTENT_MENU: UserRoute = {
  id: CONTENT_ID,
  parentId: '0',
  name: 'content',
  path: '/content',
  component: 'RouteView',
  meta: { title: '内容管理', titleEn: 'Content', icon: 'read' },
  // 表单设计 (issue 17): the schema studio, for holders of schemaStudio.query.
  children: [
    page(
      'content-studio',
      'schemaStudio',
      '/content/studio',
      'content/Studio',
      '表单设计',
      'Schema studio',
      [PERMISSION_IDS.schemaStudio],
      CONTENT_ID,
    ),
  ],
};

/**
 * Spec §1/§4: after login the only generated menu is 'research integrity' (科研诚信); its pages are the
 * integrity endpoints of spec §7 (credit info, fix records, audits, logs). Each page lists the
 * permission ids it shows, which the client's action directive also reads (spec §6).
 */
export const INTEGRITY_MENU: readonly UserRoute[] = [
  {
    id: ROOT_ID,
    parentId: '0',
    name: 'integrity',
    path: '/integrity',
    component: 'RouteView',
    redirect: '/resources/credit/lists/all',
    meta: { title: '科研诚信', titleEn: 'Research integrity', icon: 'safety-certificate' },
    children: [
      page('integrity-audit', 'integrityAudit', '/integrity/audit', 'integrity/AuditList', '审核管理', 'Audits', [
        PERMISSION_IDS.application,
      ]),
      page('integrity-log', 'integrityLog', '/integrity/log', 'integrity/LogList', '操作日志', 'Logs', [PERMISSION_IDS.integrityLog]),
    ],
  },
];

/** The component name of a resource folder's list page (the client maps it to SchemaList). */
export const RESOURCE_LIST_COMPONENT = 'resources/List';

// The built-in pages' places, so that a list file's menu.order can put itself between them (信用信息,
// a list file of resources/credit, takes 10; 信用修复审核 of resources/credit-fix takes 20).
// 表单设计 comes after every content list.
const BUILT_IN_ORDER: Record<string, readonly number[]> = { [ROOT_ID]: [30, 40], [CONTENT_ID]: [1000] };

/** The resource lists whose list file asks for a place in the 科研诚信 menu, each with its order. */
function resourcePages(resources: readonly CompiledResource[], section: 'integrity' | 'content'): { order: number; route: UserRoute }[] {
  const parentId = section === 'content' ? CONTENT_ID : ROOT_ID;
  return resources.flatMap((resource) =>
    Object.entries(resource.lists).flatMap(([listName, list]) =>
      list.menu && list.scope === 'all' && (list.menu.section ?? 'integrity') === section
        ? [
            {
              order: list.menu.order,
              route: page(
                `resource-${resource.name}-${listName}`,
                `resource:${resource.name}:${listName}`,
                resourceListHref(resource.name, listName),
                RESOURCE_LIST_COMPONENT,
                list.title,
                list.locale?.['en-US']?.title ?? list.title,
                [resource.resource.permission],
                parentId,
              ),
            },
          ]
        : [],
    ),
  );
}

/**
 * The generated routes for a user (spec §6: menus depend on permissions): a page stays when one of
 * its permission ids grants `query` (it is a list), a menu stays only with a page left, and its
 * redirect goes to the first page kept, so nobody is sent to a page they may not open. Resource
 * lists that ask for a menu place (list file `menu`) join the built-in pages by their order.
 */
export function userMenu(permissions: readonly Permission[], resources: readonly CompiledResource[] = []): UserRoute[] {
  const result: UserRoute[] = [];
  const sections = [
    ...INTEGRITY_MENU.map((menu) => ({ menu, extra: resourcePages(resources, 'integrity') })),
    { menu: CONTENT_MENU, extra: resourcePages(resources, 'content') },
  ];
  for (const { menu, extra } of sections) {
    const ordered = [
      ...(menu.children ?? []).map((route, index) => ({ order: BUILT_IN_ORDER[menu.id]?.[index] ?? 1000, route })),
      ...extra,
    ].sort((a, b) => a.order - b.order);
    const children = ordered.map((entry) => entry.route).filter((child) => hasAction(permissions, child.meta.permission ?? [], 'query'));
    const first = children[0];
    if (!first) continue;
    result.push({ ...menu, redirect: first.path, children });
  }
  return result;
}
