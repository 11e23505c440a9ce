import { describe, expect, it } from 'vitest';
import type { NavigationFile } from '../../../src/shared/generated/navigation-file';
import { navigationFor } from '../../../src/shared/site/navigation-for';

const FILE: NavigationFile = {
  menu: [
    { title: '首页', path: '/home', icon: 'home', locale: { 'en-US': { title: 'Home' } } },
    {
      title: '管理',
      children: [
        { title: '表单设计', path: '/content/studio', permission: 'schemaStudio.query' },
        { title: '个人中心', path: '/account/center', audience: 'user' },
      ],
    },
    { title: '我的申报', path: '/activitiesFormList', audience: 'user', locale: { 'en-US': { title: 'My applications' } } },
  ],
  tiles: [{ title: '科技活动', path: '/home/event', text: '路演和培训', locale: { 'en-US': { title: 'Events', text: 'Roadshows' } } }],
  footer: [
    {
      title: '关于本站',
      children: [
        { title: '登录', path: '/user/login', audience: 'visitor' },
        { title: '隐私政策', path: '/privacyPolicy' },
      ],
    },
    { title: '仅用户', children: [{ title: '账户设置', path: '/account/settings', audience: 'user' }] },
  ],
};

const paths = (navigation: ReturnType<typeof navigationFor>): string[] => [
  ...navigation.menu.flatMap((entry) => (entry.path ? [entry.path] : (entry.children ?? []).map((child) => child.path))),
  ...navigation.footer.flatMap((group) => group.children.map((child) => child.path)),
];

describe('the navigation a caller receives', () => {
  it('gives a visitor the entries for everyone and for visitors, and drops a group left empty', () => {
    const visitor = navigationFor(FILE, { kind: 'visitor' });
    expect(paths(visitor)).toEqual(['/home', '/user/login', '/privacyPolicy']);
    expect(visitor.menu.map((entry) => entry.title)).toEqual(['首页']);
    expect(visitor.footer.map((group) => group.title)).toEqual(['关于本站']);
  });

  it('gives a user their own entries, and those of a permission only to its holders', () => {
    const user = navigationFor(FILE, { kind: 'user', permissions: [] });
    expect(paths(user)).toEqual(['/home', '/account/center', '/activitiesFormList', '/privacyPolicy', '/account/settings']);
    const administrator = navigationFor(FILE, { kind: 'user', permissions: [{ permissionId: 'schemaStudio', actionList: ['query'] }] });
    expect(administrator.menu[1]?.children?.map((child) => child.path)).toEqual(['/content/studio', '/account/center']);
  });

  it('marks an entry for users only as personal, so the header keeps it ahead of the public sections', () => {
    const user = navigationFor(FILE, { kind: 'user', permissions: [] });
    expect(user.menu.map((entry) => [entry.title, entry.personal === true])).toEqual([
      ['首页', false],
      ['管理', false],
      ['我的申报', true],
    ]);
  });

  it('says every title in both languages, the Chinese one where the English is missing', () => {
    const visitor = navigationFor(FILE, { kind: 'visitor' });
    expect(visitor.menu[0]).toEqual({ title: '首页', titleEn: 'Home', path: '/home', icon: 'home' });
    expect(visitor.tiles).toEqual([{ title: '科技活动', titleEn: 'Events', path: '/home/event', text: '路演和培训', textEn: 'Roadshows' }]);
    expect(visitor.footer[0]?.children[1]).toEqual({ title: '隐私政策', titleEn: '隐私政策', path: '/privacyPolicy' });
  });
});
