import { GridContent, ProLayout } from '@ant-design/pro-components';
import { theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SIDEBAR_WIDTH } from '../../shared/constants';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { MessageBoard } from '../message-board/message-board';
import { IdleWarning } from '../session/idle-warning';
import { useGeneratedMenu, useUserSession } from '../session/user-session-store';
import { SiteFooterLinks } from '../site/site-footer-links';
import { useSiteNavigation } from '../site/use-site-navigation';
import { updateLayoutSettings, useLayoutSettings } from '../settings/layout-settings-store';
import { BackToTop } from './back-to-top';
import { HeaderActions } from './header-actions';
import './layout-shell.css';
import { layoutTextsFor } from './layout-texts';
import { generatedMenu, mainMenu } from './main-menu';
import { MultiTabBar } from './multi-tab/multi-tab-bar';
import { PageHost } from './page-host';
import { PortalTitle } from './portal-title';
import { useAutoHideHeader } from './use-auto-hide-header';

// The drawer's controls load on its first opening, not with every page (as the message drawer does).
const SettingsDrawer = lazy(() => import('./settings-drawer'));

/**
 * The side layout's header bar, above the page: ProLayout's side layout has none, and its actions
 * would go to the sidebar's foot, too narrow for the greeting at 80 px.
 */
function SideHeader({ fixed, children }: { fixed: boolean; children: ReactNode }) {
  // Inside ProLayout's theme, so the bar turns dark with the rest.
  const { token } = theme.useToken();
  return (
    <div
      className={fixed ? 'kc-side-header kc-side-header-fixed' : 'kc-side-header'}
      style={{ background: token.colorBgContainer, borderColor: token.colorSplit }}
    >
      {children}
    </div>
  );
}

/** Spec §3's colour-weak mode filters the whole page, as ant-design-pro does. */
function useColorWeak(enabled: boolean): void {
  useEffect(() => {
    document.documentElement.classList.toggle('kc-color-weak', enabled);
    return () => document.documentElement.classList.remove('kc-color-weak');
  }, [enabled]);
}

/**
 * The portal's frame (spec §1–§3, §9) on ProLayout: the top, side or mixed menu with the layout
 * settings of the settings drawer, the multi-tab bar, the page, the commission's footer, the
 * floating message board and back-to-top. It loads after the page has painted (portal-frame.tsx);
 * the page, rendered elsewhere into `host`, shows where PageHost stands.
 */
export default function BasicLayout({ host }: { host: HTMLElement }) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const layoutTexts = layoutTextsFor(locale);
  const settings = useLayoutSettings();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsEverOpened, setSettingsEverOpened] = useState(false);
  // On a phone the menu is a drawer that starts closed; that state must not overwrite the
  // desktop sidebar's stored one.
  const [mobileMenuCollapsed, setMobileMenuCollapsed] = useState(true);
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  useColorWeak(settings.colorWeak);

  const generatedRoutes = useGeneratedMenu();
  // 工作台 (issue 31) for a user with queues, loaded with the generated menu once a unit is chosen (spec §4).
  const hasWorkbench = useUserSession()?.info.workbench === true;
  const { navigation } = useSiteNavigation();
  // The menu generated after login (科研诚信, 内容管理: a member of staff's own work) comes right after 首页,
  // ahead of the portal's public sections: on a narrow header it is the public ones that fold under "…"
  // (mainMenu's order).
  const route = useMemo(() => {
    const workbench = hasWorkbench ? [{ path: '/workbench', name: layoutTexts.workbench }] : [];
    return { path: '/', children: mainMenu(navigation, locale, layoutTexts, [...workbench, ...generatedMenu(generatedRoutes, locale)]) };
  }, [navigation, layoutTexts, generatedRoutes, locale, hasWorkbench]);
  const openSettings = (): void => {
    setSettingsEverOpened(true);
    setSettingsOpen(true);
  };
  const actions = <HeaderActions onOpenSettings={openSettings} />;
  const ownHeader = settings.layout === 'side' && !isMobile;
  const collapsed = isMobile ? mobileMenuCollapsed : settings.siderCollapsed;
  const headerTitle = (): ReactNode => <PortalTitle name={texts.portalName} collapsed={false} />;
  // The mixed layout shows the title in its header only, as ProLayout's default does.
  const siderTitle = (_logo: ReactNode, _title: ReactNode, props?: { collapsed?: boolean }): ReactNode =>
    settings.layout === 'mix' ? null : <PortalTitle name={texts.portalName} collapsed={!!props?.collapsed && !isMobile} />;
  // ProLayout hard-codes the collapsed sidebar at 64 px (STACK.md trap 7); layout-shell.css
  // widens it to this value.
  const shellStyle = { '--kc-sider-collapsed-width': `${SIDEBAR_WIDTH.collapsed}px` } as CSSProperties;

  return (
    <div
      className={['kc-shell', headerHidden ? 'kc-header-hidden' : '', `kc-layout-${settings.layout}`, `kc-theme-${settings.navTheme}`]
        .join(' ')
        .trim()}
      style={shellStyle}
    >
      <ProLayout
        // The pages set document.title themselves; ProLayout's title would overwrite it, and so would
        // the name of the menu entry it matches (现行有效政策 over the page's own 科技创新政策).
        title={false}
        pageTitleRender={false}
        logo={false}
        layout={settings.layout}
        navTheme={settings.navTheme}
        colorPrimary={settings.colorPrimary}
        fixedHeader={settings.fixedHeader}
        fixSiderbar={settings.fixSiderbar}
        contentWidth={settings.contentWidth}
        siderMenuType={settings.siderMenuType}
        siderWidth={SIDEBAR_WIDTH.expanded}
        collapsed={collapsed}
        onCollapse={(next) => (isMobile ? setMobileMenuCollapsed(next) : updateLayoutSettings({ siderCollapsed: next }))}
        // The user collapses the sidebar, not the window width.
        breakpoint={false}
        location={{ pathname }}
        route={route}
        menu={{ locale: false, type: settings.siderMenuType }}
        menuProps={{ className: 'kc-main-nav' }}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
        headerTitleRender={headerTitle}
        menuHeaderRender={siderTitle}
        actionsRender={ownHeader ? undefined : () => [<div key="actions">{actions}</div>]}
        contentStyle={{ padding: 0 }}
        footerRender={() => (
          <>
            {navigation && <SiteFooterLinks groups={navigation.footer} locale={locale} label={layoutTexts.siteMap} />}
            <footer className="kc-footer">© 2019-2021 {texts.commissionName}</footer>
          </>
        )}
      >
        {ownHeader && <SideHeader fixed={settings.fixedHeader}>{actions}</SideHeader>}
        <GridContent>
          {settings.multiTab && <MultiTabBar />}
          <PageHost host={host} className="kc-page" />
        </GridContent>
        <MessageBoard />
        <BackToTop />
        {/* Warns before the session times out (SECURITY R10); 退出登录 lands where the menu's logout does. */}
        <IdleWarning onLoggedOut={() => void navigate('/home')} />
        {settingsEverOpened && (
          <Suspense fallback={null}>
            <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
          </Suspense>
        )}
      </ProLayout>
    </div>
  );
}
