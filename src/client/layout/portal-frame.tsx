import { ConfigProvider, Spin, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { Outlet } from 'react-router-dom';
import { firstPageSettled } from '../chunk/first-page-settled';
import { loadWithTimeout } from '../chunk/load-with-timeout';
import { useLayoutSettings } from '../settings/layout-settings-store';
import { LightFrame } from './light-frame';

// ProLayout, the menus, the tab bar and the message board are a chunk of their own: a page paints
// in the light frame first, and the full frame takes its place when it arrives (ADR 0017). It is asked
// for once the first page has its code (ADR 0059), so that on a slow line the page's chunk comes first.
// If it cannot load, the light frame stays with the page in it rather than a chunk error in its place.
const BasicLayout = lazy(() =>
  loadWithTimeout(() => firstPageSettled().then(() => import('./basic-layout'))).catch((error: unknown) => {
    console.error('The portal frame failed to load', error);
    return { default: FrameFailed };
  }),
);

function FrameFailed({ host }: { host: HTMLElement }) {
  return <LightFrame host={host} settings={useLayoutSettings()} failed />;
}

const DARK = { algorithm: theme.darkAlgorithm };
const NO_THEME = {};

/**
 * Every shell page's frame. The page is rendered once, through a portal, into one element that the
 * light frame and then the full frame each place in the document; so the frame's arrival neither
 * mounts the page again nor loses what it had loaded or what the user had typed.
 */
export function PortalFrame() {
  const settings = useLayoutSettings();
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = 'kc-page-host';
    return element;
  });
  const page = (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '96px auto' }} />}>
      <Outlet />
    </Suspense>
  );
  return (
    <>
      <Suspense fallback={<LightFrame host={host} settings={settings} />}>
        <BasicLayout host={host} />
      </Suspense>
      {/* Outside ProLayout's own theme, so the dark theme is given to the page here; one element
          type either way, so switching themes does not mount the page again. */}
      {createPortal(<ConfigProvider theme={settings.navTheme === 'realDark' ? DARK : NO_THEME}>{page}</ConfigProvider>, host)}
    </>
  );
}
