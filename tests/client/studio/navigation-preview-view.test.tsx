// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NavigationFile } from '../../../src/shared/generated/navigation-file';
import { navigationPreview } from '../../../src/shared/site/navigation-preview';
import { NavigationPreviewView } from '../../../src/client/studio/navigation-preview-view';
import { studioTextsFor } from '../../../src/client/studio/studio-texts';
import { renderWithProviders } from '../helpers/render-with-providers';

afterEach(cleanup);

const FILE: NavigationFile = {
  menu: [
    { title: '首页', path: '/home', icon: 'home', locale: { 'en-US': { title: 'Home' } } },
    {
      title: '金融服务',
      locale: { 'en-US': { title: 'Finance' } },
      children: [{ title: '金融超市', path: '/home/financing', locale: { 'en-US': { title: 'Financial supermarket' } } }],
    },
    { title: '我的申报', path: '/activitiesFormList', audience: 'user' },
    { title: '表单设计', path: '/content/studio', permission: 'schemaStudio.query' },
  ],
  tiles: [{ title: '科技活动', path: '/home/event', text: '路演和培训' }],
  footer: [{ title: '关于本站', children: [{ title: '登录', path: '/user/login', audience: 'visitor' }] }],
};

describe('NavigationPreviewView: the studio’s preview of the site navigation', () => {
  it('shows the menu (groups open), the tiles and the footer a visitor receives, each a labelled landmark', () => {
    renderWithProviders(<NavigationPreviewView preview={navigationPreview(FILE)} locale="zh-CN" texts={studioTextsFor('zh-CN')} />);
    const menu = screen.getByRole('navigation', { name: '访客看到的顶部菜单（预览）' });
    expect(within(menu).getByRole('link', { name: '金融超市' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: '我的申报' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: '访客看到的首页服务入口（预览）' })).getByRole('link', { name: /科技活动/ }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: '访客看到的页脚网站导航（预览）' })).getByRole('link', { name: '登录' }),
    ).toBeTruthy();
  });

  it('has a tab for a user, and one for the holders of the permissions the file names', () => {
    renderWithProviders(<NavigationPreviewView preview={navigationPreview(FILE)} locale="en-US" texts={studioTextsFor('en-US')} />);
    fireEvent.click(screen.getByRole('tab', { name: 'User holding schemaStudio.query' }));
    const menu = screen.getByRole('navigation', { name: 'Top menu, as seen by: User holding schemaStudio.query (preview)' });
    expect(within(menu).getByRole('link', { name: 'Financial supermarket' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: '表单设计' })).toBeTruthy();
    // Nothing in the footer is for a logged-in user.
    expect(screen.getAllByText('(none)').length).toBeGreaterThan(0);
  });
});
