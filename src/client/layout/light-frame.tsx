import { SIDEBAR_WIDTH } from '../../shared/constants';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { layoutTextsFor } from './layout-texts';
import type { LayoutSettings } from '../settings/layout-settings';
import './light-frame.css';
import { PageHost } from './page-host';
import { PortalTitle } from './portal-title';

/**
 * What stands around the page until the full frame (ProLayout, menus, tabs, message board) has
 * loaded: the header bar, the sidebar's column and the tab bar's strip, empty but in the places and
 * colours the full frame will use, so the page paints first and does not jump when the frame comes.
 * Plain elements and CSS only: this is on every page's first load (issue 12's budget). Should the full
 * frame fail to load, the light one stays, with the page and a way to reload.
 */
export function LightFrame({ host, settings, failed = false }: { host: HTMLElement; settings: LayoutSettings; failed?: boolean }) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const isMobile = useIsMobile();
  const side = settings.layout === 'side' && !isMobile;
  const siderWidth = settings.siderCollapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded;
  const classes = [
    'kc-light-frame',
    `kc-theme-${settings.navTheme}`,
    side ? 'kc-light-side' : 'kc-light-top',
    settings.contentWidth === 'Fixed' && settings.layout === 'top' ? 'kc-light-fixed' : '',
  ];
  return (
    <div className={classes.join(' ').trim()} aria-busy={!failed}>
      {side ? (
        <aside className="kc-light-sider" style={{ width: siderWidth }}>
          <div className="kc-light-sider-title">
            <PortalTitle name={texts.portalName} collapsed={settings.siderCollapsed} />
          </div>
        </aside>
      ) : (
        <header className="kc-light-header">
          <div className="kc-light-header-inner">
            <PortalTitle name={texts.portalName} collapsed={false} />
          </div>
        </header>
      )}
      <div className="kc-light-body">
        {side && <div className="kc-light-side-header" />}
        <div className="kc-light-content">
          {failed && (
            <p className="kc-light-failed" role="alert">
              {layoutTextsFor(locale).frameFailed}{' '}
              <button type="button" onClick={() => window.location.reload()}>
                {texts.reload}
              </button>
            </p>
          )}
          {settings.multiTab && <div className="kc-light-tabs" />}
          <PageHost host={host} className="kc-page" />
        </div>
      </div>
    </div>
  );
}
