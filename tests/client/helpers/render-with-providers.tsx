import { render, type RenderResult } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
// As app.tsx imports them (STACK.md trap 6: 'antd/locale/zh_CN' stays English under Vite).
// The context the app's components read (useFeedback), which antd's App under Vitest does not fill.
import FeedbackContext from 'antd/es/app/context';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { useLocale } from '../../../src/client/i18n/locale-store';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

export interface RenderWithProvidersOptions {
  /** The URL the router starts at (path, search and hash); default '/'. */
  path?: string;
  /** The path pattern of the route that renders `ui`; default '*', so any URL renders it. */
  routePath?: string;
  /** That route's handle: a permission entry (PermissionHandle), a passport route name (PassportHandle). */
  handle?: unknown;
  /** Other routes beside it: the pages a link, a navigation or a redirect leads to. */
  routes?: RouteObject[];
  /** A parent route around `ui`'s route and `routes`: a layout with an Outlet, an errorElement. Its own children are replaced. */
  layout?: NonIndexRouteObject;
  /** Wraps the router inside the providers, where app.tsx puts AppErrorBoundary. */
  aroundRouter?: (router: ReactElement) => ReactElement;
}

/**
 * The app's providers (app.tsx's App without its router, theme and demo banner). antd's App stands in
 * for the app's FeedbackProvider, which provides antd's App context from 'antd/es/app/context': under
 * Vitest, 'antd' resolves to another build whose App.useApp() reads another context, so the bridge
 * hands its message, modal and notification to the context the components read (useFeedback).
 */
function Providers({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    // No auto space between two Chinese characters: the app's buttons read 登录 / 取消, not 登 录.
    <ConfigProvider locale={ANTD_LOCALES[locale]} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <FeedbackBridge>{children}</FeedbackBridge>
      </AntdApp>
    </ConfigProvider>
  );
}

/** antd's App's message, notification and modal, handed to the context the app's components read (useFeedback). */
function FeedbackBridge({ children }: { children: ReactNode }) {
  return <FeedbackContext.Provider value={AntdApp.useApp()}>{children}</FeedbackContext.Provider>;
}

/**
 * Renders `ui` as a page of the app gets it: inside antd's ConfigProvider (the interface language's
 * antd locale, no auto space in buttons) and antd's App (App.useApp()'s message, notification and modal), at `path`
 * in a data router like the app's (createMemoryRouter, so useBlocker, loaders and route handles work).
 * Returns the render result and the router, whose `state.location` says where the page went.
 */
export function renderWithProviders(ui: ReactNode, options: RenderWithProvidersOptions = {}): RenderResult & { router: MemoryRouter } {
  const { path = '/', routePath = '*', handle, routes = [], layout, aroundRouter = (router) => router } = options;
  const uiRoute: RouteObject = { path: routePath, element: ui, ...(handle === undefined ? {} : { handle }) };
  const pages = [uiRoute, ...routes];
  const router = createMemoryRouter(layout ? [{ ...layout, children: pages }] : pages, { initialEntries: [path] });
  const result = render(<Providers>{aroundRouter(<RouterProvider router={router} />)}</Providers>);
  return { ...result, router };
}
