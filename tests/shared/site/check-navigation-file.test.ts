import { describe, expect, it } from 'vitest';
import { checkNavigationFile } from '../../../src/shared/site/check-navigation-file';
import { FIXED_PAGES } from '../../../src/shared/site/fixed-pages';
import { sitePages } from '../../../src/shared/site/site-pages';

/** Two folders: one with a visitors' list and detail, one whose list needs an account. */
const PAGES = sitePages([
  {
    resource: {
      visitors: { states: ['published'], fields: ['title'] },
      pages: [
        { path: '/home/event', page: 'list', list: 'published' },
        { path: '/home/event/detail', page: 'detail' },
        { path: '/home/event/sign', page: 'new' },
      ],
    },
    lists: { published: { audience: 'public' } },
  },
  { resource: { pages: [{ path: '/activitiesFormList', page: 'list', list: 'mine' }] }, lists: { mine: {} } },
]);
const IDS = new Set(['schemaStudio']);

const file = (menu: unknown[]) => ({ menu, tiles: [], footer: [] });

describe('the navigation file check', () => {
  it('knows who may open each page: fixed pages, visitors’ lists and forms open, other lists only with an account', () => {
    expect(PAGES.get('/home/event')).toBe('open');
    expect(PAGES.get('/home/event/detail')).toBe('open');
    expect(PAGES.get('/home/event/sign')).toBe('open');
    expect(PAGES.get('/activitiesFormList')).toBe('account');
    expect(PAGES.get('/user/login')).toBe('guest');
    expect(PAGES.size).toBe(Object.keys(FIXED_PAGES).length + 4);
  });

  it('passes entries that lead to pages their audience can open, a query included', () => {
    expect(
      checkNavigationFile(
        file([
          { title: '活动', path: '/home/event?month=2026-12' },
          { title: '我的申报', path: '/activitiesFormList', audience: 'user' },
          { title: '登录', path: '/user/login', audience: 'visitor' },
          { title: '表单设计', path: '/content/studio', permission: 'schemaStudio.query' },
        ]),
        PAGES,
        IDS,
      ),
    ).toEqual([]);
  });

  it('names each bad entry with its pointer and a Chinese reason', () => {
    expect(
      checkNavigationFile(
        file([
          { title: '需求', path: '/home/needs' },
          { title: '我的申报', path: '/activitiesFormList' },
          { title: '表单设计', path: '/content/studio', permission: 'studio.query', audience: 'visitor' },
        ]),
        PAGES,
        IDS,
      ).map((problem) => problem.pointer),
    ).toEqual(['/menu/0/path', '/menu/1/audience', '/menu/2/permission', '/menu/2/audience']);
    const [missing, login] = checkNavigationFile(
      file([
        { title: '需求', path: '/home/needs' },
        { title: '我的申报', path: '/activitiesFormList' },
      ]),
      PAGES,
      IDS,
    );
    expect(missing?.message).toMatch(/^没有页面 \/home\/needs：导航只能指向门户已有的页面/);
    expect(login?.message).toBe('页面 /activitiesFormList 需要登录，访客点开会被送回首页：请把 audience 设为 "user"，或给出 permission');
  });

  it('refuses a file of the wrong shape before looking at its pages', () => {
    const problems = checkNavigationFile({ menu: [], tiles: [{ title: '无说明', path: '/home' }] }, PAGES, IDS);
    expect(problems.map((problem) => problem.pointer)).toEqual(expect.arrayContaining(['', '/menu', '/tiles/0']));
  });
});
