import { describe, expect, it } from 'vitest';
import { INTEGRITY_MENU, userMenu } from '../../../../src/server/modules/user/user-menu';
import type { Permission } from '../../../../src/shared/generated/permission';

const paths = (permissions: Permission[]) =>
  userMenu(permissions).map((root) => ({ redirect: root.redirect, pages: root.children?.map((child) => child.path) }));

describe('userMenu (spec §6: menus depend on permissions)', () => {
  it('sends nothing without a permission, and nothing for actions other than query', () => {
    expect(userMenu([])).toEqual([]);
    expect(userMenu([{ permissionId: 'integrityLog', actionList: ['get', 'export', 'update'] }])).toEqual([]);
    expect(userMenu([{ permissionId: 'unknown', actionList: ['query'] }])).toEqual([]);
  });

  it('keeps each page whose permission id grants query, and redirects the root to the first kept page', () => {
    expect(paths([{ permissionId: 'integrityLog', actionList: ['query'] }])).toEqual([
      { redirect: '/integrity/log', pages: ['/integrity/log'] },
    ]);
    expect(
      paths([
        { permissionId: 'integrityLog', actionList: ['query'] },
        { permissionId: 'application', actionList: ['query'] },
      ]),
    ).toEqual([{ redirect: '/integrity/audit', pages: ['/integrity/audit', '/integrity/log'] }]);
  });

  it('leaves the full tree untouched', () => {
    const before = JSON.stringify(INTEGRITY_MENU);
    userMenu([{ permissionId: 'application', actionList: ['query'] }]);
    expect(JSON.stringify(INTEGRITY_MENU)).toBe(before);
    // 信用信息 and 信用修复审核 are list files (resources/credit, credit-fix); the other two are built-in pages.
    expect(INTEGRITY_MENU[0]?.children).toHaveLength(2);
    expect(INTEGRITY_MENU[0]?.children?.every((child) => (child.meta.permission ?? []).length > 0)).toBe(true);
  });
});

describe("userMenu with resource folders (a list file's menu place)", () => {
  it('adds an all-scope list that asks for a place, by its order, for holders of <permission>.query only', async () => {
    const { loadResourceRegistry } = await import('../../../../src/server/engine/units/resource-registry');
    const { scratchSchemas } = await import('../../helpers/resource-fixtures');
    const schemas = await scratchSchemas();
    try {
      const resources = (await loadResourceRegistry(schemas.dir)).list();
      const both = userMenu(
        [
          { permissionId: 'application', actionList: ['query'] },
          { permissionId: 'labBooking', actionList: ['query'] },
          { permissionId: 'integrityLog', actionList: ['query'] },
        ],
        resources,
      );
      expect(both[0]?.children?.map((child) => [child.path, child.component, child.meta.title])).toEqual([
        ['/integrity/audit', 'integrity/AuditList', '审核管理'],
        ['/resources/lab-booking/lists/review', 'resources/List', '仪器预约审核'],
        // The credit and repair logs follow 操作日志 (orders 41, 42): the audit administrator lands on the whole log (ADR 0068).
        ['/integrity/log', 'integrity/LogList', '操作日志'],
        ['/resources/audit-log/lists/credit-log', 'resources/List', '信用信息日志'],
        ['/resources/audit-log/lists/fix-log', 'resources/List', '信用修复日志'],
      ]);
      expect(userMenu([{ permissionId: 'labBooking', actionList: ['get'] }], resources)).toEqual([]);
      expect(paths([{ permissionId: 'labBooking', actionList: ['query'] }])).toEqual([]);
    } finally {
      await schemas.dispose();
    }
  });
});
