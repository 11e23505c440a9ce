import { describe, expect, it } from 'vitest';
import type { NavigationFile } from '../../../src/shared/generated/navigation-file';
import { entryPointerOf, withoutEntries } from '../../../src/shared/site/without-entries';

const FILE: NavigationFile = {
  menu: [
    { title: '首页', path: '/home' },
    {
      title: '科技服务',
      children: [
        { title: '成果展示', path: '/home/toshow' },
        { title: '找服务', path: '/home/findservice' },
      ],
    },
    { title: '成果', children: [{ title: '成果展示', path: '/home/toshow' }] },
  ],
  tiles: [{ title: '成果展示', path: '/home/toshow', text: '优秀成果' }],
  footer: [{ title: '关于', children: [{ title: '隐私政策', path: '/privacyPolicy' }] }],
};

describe('leaving out navigation entries', () => {
  it('finds the entry a problem is about, or none for the file as a whole', () => {
    expect(entryPointerOf('/menu/1/children/0/path')).toBe('/menu/1/children/0');
    expect(entryPointerOf('/menu/7/audience')).toBe('/menu/7');
    expect(entryPointerOf('/menu/7')).toBe('/menu/7');
    expect(entryPointerOf('/footer/0/title')).toBe('/footer/0');
    expect(entryPointerOf('/tiles/12/path')).toBe('/tiles/12');
    expect(entryPointerOf('/menu')).toBeUndefined();
    expect(entryPointerOf('')).toBeUndefined();
  });

  it('drops the entries, and a group left with no links', () => {
    const left = withoutEntries(FILE, new Set(['/menu/1/children/0', '/menu/2/children/0', '/tiles/0', '/footer/0']));
    expect(left.menu).toEqual([
      { title: '首页', path: '/home' },
      { title: '科技服务', children: [{ title: '找服务', path: '/home/findservice' }] },
    ]);
    expect(left.tiles).toEqual([]);
    expect(left.footer).toEqual([]);
  });
});
