import { ConfigProvider, Spin, theme } from 'antd';
import { startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { Outlet } from 'react-router-dom';
import { firstPageSettled } from '../chunk/first-page-settled';
import { loadWithTimeout } from '../chunk/load-with-timeout';
import { useLayoutSettings } from '../settings/layout-settings-store';
import { LightFrame } from './light-frame';

type Frame = ComponentType<{ host: HTMLElement }>;

// ProLayout, the menus, the tab bar and the message board are a chunk of their own: a page paints
// in the light frame first, and the full frame takes its place when it arrives (ADR 0017). It is asked
// for once the first page has its code (ADR 0059), so that on a slow line the page's chunk comes first.
// If it cannot load, the light frame stays with the page in it rather than a chunk error in its place.
let framePromise: Promise<Frame> | undefined;
let loadedFrame: Frame | undefined;
const loadFrame = (): Promise<Frame> =>
  (framePromise ??= loadWithTimeout(() => firstPageSettled().then(() => import('./basic-layout'))).then(
    (module) => (loadedFrame = module.default),
    (error: unknown) => {
      console.error('The portal frame failed to load', error);
      return (loadedFrame = FrameFailed);
    },
  ));

function FrameFailed({ host }: { host: HTMLElement }) {
  return <LightFrame host={host} settings={useLayoutSettings()} failed />;
}

/**
 * The full frame once it has loaded, drawn as a transition: ProLayout's first render yields to the
 * browser between components instead of holding a phone's main thread for 200-300 ms (issue 33's TBT);
 * the light frame stays until it is drawn.
 */
function useFrame(): Frame | undefined {
  // Once loaded, a frame mounted again (after the login pages) has it at once.
  const [frame, setFrame] = useState<{ Frame: Frame } | undefined>(() => (loadedFrame ? { Frame: loadedFrame } : undefined));
  useEffect(() => {
    if (loadedFrame) return;
    let active = true;
    void loadFrame().then((Frame) => active && startTransition(() => setFrame({ Frame })));
    return () => {
      active = false;
    };
  }, []);
  return frame?.Frame;
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
  const Frame = useFrame();
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
      {Frame ? <Frame host={host} /> : <LightFrame host={host} settings={settings} />}
      {/* Outside ProLayout's own theme, so the dark theme is given to the page here; one element
          type either way, so switching themes does not mount the page again. */}
      {createPortal(<ConfigProvider theme={settings.navTheme === 'realDark' ? DARK : NO_THEME}>{page}</ConfigProvider>, host)}
    </>
  );
}
