import type { UserRoute } from '../../../src/shared/generated/user-route';

/** The generated 科研诚信 tree as the server sends it once permissions filter it (contract §6). */
export function integrityRoutes(children: readonly ('credit' | 'audit' | 'log')[] = ['credit', 'audit', 'log']): UserRoute[] {
  const child = (key: string, permission: string, title: string): UserRoute => ({
    id: `integrity-${key}`,
    parentId: 'integrity',
    name: `integrity-${key}`,
    path: `/integrity/${key}`,
    component: 'RouteView',
    meta: { title, permission: [permission] },
  });
  const all = {
    credit: child('credit', 'integrityCredit', '信用信息'),
    audit: child('audit', 'application', '审核管理'),
    log: child('log', 'integrityLog', '操作日志'),
  };
  return [
    {
      id: 'integrity',
      parentId: '0',
      name: 'integrity',
      path: '/integrity',
      component: 'RouteView',
      meta: { title: '科研诚信' },
      children: children.map((key) => all[key]),
    },
  ];
}
