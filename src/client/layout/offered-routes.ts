import type { UserRoute } from '../../shared/generated/user-route';

/** A generated route that only groups others (ant-design-vue-pro's layout component). */
const GROUP_COMPONENT = 'RouteView';

/**
 * The generated routes' page components this client has pages for (ant-design-vue-pro maps a
 * route's `component` to a page; this is that map, reduced to what exists): 审核管理, 操作日志 and
 * any resource folder's list (SchemaList at the route's path), which 信用信息 and 信用修复审核 are, and
 * 内容管理 > 表单设计 (the schema studio), which the server has generated since issue 17 but the menu left out.
 */
export const PAGE_COMPONENTS: ReadonlySet<string> = new Set([
  'integrity/AuditList',
  'integrity/LogList',
  'resources/List',
  'content/Studio',
]);

/**
 * The generated routes the menu offers: a page the server grants but this client cannot show would
 * only lead to the 404 page, so it is left out, and a group left with no page goes with it.
 */
export function offeredRoutes(routes: readonly UserRoute[], pages: ReadonlySet<string> = PAGE_COMPONENTS): UserRoute[] {
  return routes.flatMap((route): UserRoute[] => {
    if (route.component !== GROUP_COMPONENT) return pages.has(route.component) ? [route] : [];
    const children = offeredRoutes(route.children ?? [], pages);
    return children.length > 0 ? [{ ...route, children }] : [];
  });
}
