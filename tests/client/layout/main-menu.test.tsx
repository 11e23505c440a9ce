import { describe, expect, it } from 'vitest';
import { layoutTextsFor } from '../../../src/client/layout/layout-texts';
import { mainMenu } from '../../../src/client/layout/main-menu';
import type { SiteNavigation } from '../../../src/shared/generated/site-navigation';

const NAVIGATION: SiteNavigation = {
  menu: [
    { title: '首页', titleEn: 'Home', path: '/home' },
    { title: '政策服务', titleEn: 'Policies', children: [{ title: '政策文件', titleEn: 'Policy documents', path: '/home/articles' }] },
    { title: '科技活动', titleEn: 'Events', path: '/home/event' },
    { title: '我的申报', titleEn: 'My applications', path: '/activitiesFormList', personal: true },
  ],
  tiles: [],
  footer: [],
};

describe('the header menu', () => {
  it('keeps the first entry, then the own work, then the personal entries, then the public sections', () => {
    const names = mainMenu(NAVIGATION, 'zh-CN', layoutTextsFor('zh-CN'), [{ path: '/workbench', name: '工作台' }]).map((item) => item.name);
    // antd folds the last entries under "…" on a narrow header: the public sections go first, not 我的申报.
    expect(names).toEqual(['首页', '工作台', '我的申报', '政策服务', '科技活动']);
  });

  it('names the entries in English and offers the home page alone before the navigation has loaded', () => {
    expect(mainMenu(NAVIGATION, 'en-US', layoutTextsFor('en-US')).map((item) => item.name)).toEqual([
      'Home',
      'My applications',
      'Policies',
      'Events',
    ]);
    expect(mainMenu(undefined, 'zh-CN', layoutTextsFor('zh-CN')).map((item) => item.path)).toEqual(['/home']);
  });
});
