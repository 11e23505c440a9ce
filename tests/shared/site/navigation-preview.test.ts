import { describe, expect, it } from 'vitest';
import type { NavigationFile } from '../../../src/shared/generated/navigation-file';
import { navigationPreview } from '../../../src/shared/site/navigation-preview';

const FILE: NavigationFile = {
  menu: [
    { title: '首页', path: '/home', icon: 'home', locale: { 'en-US': { title: 'Home' } } },
    {
      title: '管理',
      children: [
        { title: '表单设计', path: '/content/studio', permission: 'schemaStudio.query' },
        { title: '审核', path: '/integrity/audit', permission: 'creditAudit.update' },
      ],
    },
    { title: '我的申报', path: '/activitiesFormList', audience: 'user' },
  ],
  tiles: [{ title: '表单设计', path: '/content/studio', text: '修改表单', permission: 'schemaStudio.query' }],
  footer: [{ title: '关于本站', children: [{ title: '登录', path: '/user/login', audience: 'visitor' }] }],
};

const menuPaths = (menu: { path?: string; children?: { path: string }[] }[]): string[] =>
  menu.flatMap((entry) => (entry.path ? [entry.path] : (entry.children ?? []).map((child) => child.path)));

describe('navigationPreview', () => {
  it('gives the navigation as a visitor, a logged-in user and a holder of every permission it names receive it', () => {
    const preview = navigationPreview(FILE);
    expect(preview.permissions).toEqual(['schemaStudio.query', 'creditAudit.update']);
    expect(menuPaths(preview.visitor.menu)).toEqual(['/home']);
    expect(preview.visitor.footer.flatMap((group) => group.children.map((child) => child.path))).toEqual(['/user/login']);
    expect(menuPaths(preview.user.menu)).toEqual(['/home', '/activitiesFormList']);
    expect(preview.user.footer).toEqual([]);
    expect(menuPaths(preview.permitted.menu)).toEqual(['/home', '/content/studio', '/integrity/audit', '/activitiesFormList']);
    expect(preview.permitted.tiles.map((tile) => tile.path)).toEqual(['/content/studio']);
  });

  it('names no permission, and gives the permitted the user’s navigation, when no entry names one', () => {
    const preview = navigationPreview({ ...FILE, menu: FILE.menu.slice(0, 1), tiles: [] });
    expect(preview.permissions).toEqual([]);
    expect(preview.permitted).toEqual(preview.user);
  });
});
