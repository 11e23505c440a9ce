import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../src/shared/generated/permission';
import { generatedMenu } from '../../../src/client/layout/main-menu';
import { offeredRoutes } from '../../../src/client/layout/offered-routes';
// The server's own tree, so that a renamed component on either side fails here.
import { userMenu } from '../../../src/server/modules/user/user-menu';

const ALL_INTEGRITY: Permission[] = ['integrityCredit', 'integrityFix', 'integrityLog', 'application'].map((permissionId) => ({
  permissionId,
  actionList: ['query', 'get'],
}));

describe('offeredRoutes (the generated menu offers only the pages this client has)', () => {
  it('keeps 审核管理 and 操作日志 under 科研诚信 and leaves out the pages not built yet', () => {
    const [root, ...rest] = offeredRoutes(userMenu(ALL_INTEGRITY));
    expect(rest).toEqual([]);
    expect(root?.meta.title).toBe('科研诚信');
    expect(root?.children?.map((child) => child.path)).toEqual(['/integrity/audit', '/integrity/log']);
  });

  it('drops a group left with no page, so nobody is offered a menu that only leads to 404', () => {
    const unbuiltOnly = ALL_INTEGRITY.filter(
      (permission) => permission.permissionId === 'integrityCredit' || permission.permissionId === 'integrityFix',
    );
    expect(offeredRoutes(userMenu(unbuiltOnly))).toEqual([]);
    expect(offeredRoutes([])).toEqual([]);
  });

  it('offers whatever the map names, for when the other pages come', () => {
    const pages = new Set(['integrity/AuditList', 'integrity/LogList']);
    expect(offeredRoutes(userMenu(ALL_INTEGRITY), pages)[0]?.children?.map((child) => child.path)).toEqual([
      '/integrity/audit',
      '/integrity/log',
    ]);
  });

  it('is what the menu shows, in the interface language', () => {
    const menu = generatedMenu(userMenu(ALL_INTEGRITY), 'en-US');
    expect(menu.map((item) => item.name)).toEqual(['Research integrity']);
    expect(menu[0]?.children?.map((item) => item.name)).toEqual(['Audits', 'Logs']);
  });
});

describe('offeredRoutes for a content editor', () => {
  it('offers 内容管理 > 表单设计 to a holder of schemaStudio.query: the studio is reached by clicking', () => {
    const menu = offeredRoutes(userMenu([{ permissionId: 'schemaStudio', actionList: ['query'] }]));
    expect(menu.map((route) => route.meta.title)).toEqual(['内容管理']);
    expect(menu[0]?.children?.map((route) => [route.meta.title, route.path])).toEqual([['表单设计', '/content/studio']]);
  });
});
