import type { MenuDataItem } from '@ant-design/pro-components';
import { Menu, Space, Tabs, Typography, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SiteNavigation } from '../../shared/generated/site-navigation';
import type { Locale } from '../../shared/i18n/locale';
import type { NavigationPreview } from '../../shared/site/navigation-preview';
import { layoutTextsFor } from '../layout/layout-texts';
import { mainMenu } from '../layout/main-menu';
import { ServiceEntries } from '../portal/service-entries';
import { SiteFooterLinks } from '../site/site-footer-links';
import type { StudioTexts } from './studio-texts';
import '../portal/portal.css';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The layout's own menu data (mainMenu: names, icons, groups) as an antd menu, keyed by place so two entries may share a path. */
function menuItems(entries: readonly MenuDataItem[], parent = 'menu'): MenuItem[] {
  return entries.map((entry, index) => {
    const key = `${parent}/${index}`;
    if (entry.children) return { key, icon: entry.icon, label: entry.name, children: menuItems(entry.children, key) };
    return { key, icon: entry.icon, label: <Link to={entry.path ?? '/'}>{entry.name}</Link> };
  });
}

/** One part of the navigation with its name, or a quiet "none" when this audience receives none of it. */
function Part({ title, empty, texts, children }: { title: string; empty: boolean; texts: StudioTexts; children: ReactNode }) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ marginTop: 8 }}>{empty ? <Typography.Text type="secondary">{texts.navigationNone}</Typography.Text> : children}</div>
    </div>
  );
}

/** The menu, the home tiles and the footer as one audience receives them, drawn by the portal's own pieces. */
function AudienceNavigation({
  navigation,
  audience,
  locale,
  texts,
}: {
  navigation: SiteNavigation;
  audience: string;
  locale: Locale;
  texts: StudioTexts;
}) {
  const menu = menuItems(mainMenu(navigation, locale, layoutTextsFor(locale)));
  // Every group open: the author sees each link without hovering.
  const groups = menu.flatMap((item) => (item && 'children' in item && item.key !== undefined ? [String(item.key)] : []));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Part title={texts.navigationMenu} empty={navigation.menu.length === 0} texts={texts}>
        <nav aria-label={texts.navigationRegion(texts.navigationMenu, audience)}>
          <Menu mode="inline" selectable={false} defaultOpenKeys={groups} items={menu} />
        </nav>
      </Part>
      <Part title={texts.navigationTiles} empty={navigation.tiles.length === 0} texts={texts}>
        <ServiceEntries tiles={navigation.tiles} label={texts.navigationRegion(texts.navigationTiles, audience)} locale={locale} />
      </Part>
      <Part title={texts.navigationFooter} empty={navigation.footer.length === 0} texts={texts}>
        <SiteFooterLinks groups={navigation.footer} locale={locale} label={texts.navigationRegion(texts.navigationFooter, audience)} />
      </Part>
    </Space>
  );
}

/**
 * A candidate navigation as GET /api/site/navigation would give it to a visitor, to a logged-in user,
 * and to a user holding the permissions its entries name (the tab shown only when some entry names one).
 */
export function NavigationPreviewView({ preview, locale, texts }: { preview: NavigationPreview; locale: Locale; texts: StudioTexts }) {
  const audiences = [
    { key: 'visitor', label: texts.navigationVisitor, navigation: preview.visitor },
    { key: 'user', label: texts.navigationUser, navigation: preview.user },
    ...(preview.permissions.length > 0
      ? [{ key: 'permitted', label: texts.navigationPermitted(preview.permissions.join(', ')), navigation: preview.permitted }]
      : []),
  ];
  return (
    <Tabs
      className="kc-scroll-tabs"
      items={audiences.map(({ key, label, navigation }) => ({
        key,
        label,
        children: <AudienceNavigation navigation={navigation} audience={label} locale={locale} texts={texts} />,
      }))}
    />
  );
}
