import { describe, expect, it } from 'vitest';
import { INTEGRITY_MENU, userMenu } from '../../../../src/server/modules/user/user-menu';
import type { Permission } from '../../../../src/shared/generated/permission';

const paths = (permissions: Permission[]) => userMenu(permissions).map((root) => ({ redirect: root.redirect, pages: root.children?.map((child) => child.path) }));

describe('userMenu (spec §6: menus depend on permissions)', () => {
  it('sends nothing without a permission, and nothing for actions other than query', () => {
    expect(userMenu([])).toEqual([]);
    expect(userMenu([{ permissionId: 'integrityLog', actionList: ['get', 'export', 'update'] }])).toEqual([]);
    expect(userMenu([{ permissionId: 'unknown', actionList: ['query'] }])).toEqual([]);
  });

  it('keeps each page whose permission id grants query, and redirects the root to the first kept page', () => {
    expect(paths([{ permissionId: 'integrityLog', actionList: ['query'] }])).toEqual([{ redirect: '/integrity/log', pages: ['/integrity/log'] }]);
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
    expect(INTEGRITY_MENU[0]?.children).toHaveLength(4);
    expect(INTEGRITY_MENU[0]?.children?.every((child) => (child.meta.permission ?? []).length > 0)).toBe(true);
  });
});
