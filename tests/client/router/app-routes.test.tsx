// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { isValidElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireLogin } from '../../../src/client/activities/require-login';
import { ErrorBoundary } from '../../../src/client/components/error-boundary';
import { RequirePermission } from '../../../src/client/permissions/require-permission';
import { APP_ROUTES } from '../../../src/client/router/app-routes';
import { guestOnlyLoader, requireTokenLoader } from '../../../src/client/session/route-guards';
import { FIXED_PAGES } from '../../../src/shared/site/fixed-pages';
import { renderWithProviders } from '../helpers/render-with-providers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Every route with a path, flattened. */
function paths(routes: readonly RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [...(route.path ? [route] : []), ...paths(route.children ?? [])]);
}
const routeFor = (path: string): RouteObject | undefined => paths(APP_ROUTES).find((route) => route.path === path);
const needsLogin = (path: string): boolean => {
  const element = routeFor(path)?.element;
  return isValidElement(element) && (element as ReactElement).type === RequireLogin;
};

function Boom(): never {
  throw new Error('页面出错了');
}

describe('the app routes (a data router)', () => {
  it('keeps the activity list public and the application pages behind the login', () => {
    expect(routeFor('/activities')).toBeDefined();
    expect(needsLogin('/activities')).toBe(false);
    // 我的申报 (/activitiesFormList) is a folder's page (resource.json pages), behind the login in ResourcePageAlias.
    expect(routeFor('/activitiesFormList')).toBeUndefined();
    for (const path of ['/home/activities/applicationForm', '/home/activities/applicationFormGroup', '/home/activities/teamInfoGroup']) {
      expect(needsLogin(path), path).toBe(true);
    }
    expect(routeFor('*')).toBeDefined();
    expect(routeFor('/')).toBeDefined();
  });

  it('puts 审核管理 and its detail behind the login and application.query, with the permission entry as the handle', () => {
    for (const path of ['/integrity/audit', '/integrity/audit/detail']) {
      const route = routeFor(path);
      const element = route?.element;
      expect(route?.loader, path).toBe(requireTokenLoader);
      expect(isValidElement(element) && (element as ReactElement).type === RequirePermission, path).toBe(true);
      expect((element as ReactElement<{ check: string }>).props.check, path).toBe('application.query');
      expect(route?.handle, path).toEqual({ permission: ['application'] });
    }
  });

  it('has every fixed page the navigation check knows, with the access it says (issue 30)', () => {
    // A route of its own, not a folder's page: every path without a parameter or a wildcard, the step pages aside.
    const fixed = paths(APP_ROUTES)
      .map((route) => route.path ?? '')
      .filter((path) => path.startsWith('/') && !path.includes(':') && !path.includes('*') && path !== '/' && path !== '/mobile')
      .filter((path) => !/^\/home\/activities\/(?!applicationForm$|applicationFormGroup$)/.test(path));
    expect(new Set(fixed)).toEqual(new Set(Object.keys(FIXED_PAGES)));
    for (const [path, access] of Object.entries(FIXED_PAGES)) {
      const route = routeFor(path);
      const guarded = route?.loader === requireTokenLoader || needsLogin(path);
      if (access === 'account') expect(guarded, path).toBe(true);
      if (access === 'guest') expect(route?.loader, path).toBe(guestOnlyLoader);
      if (access === 'open') expect(guarded || route?.loader === guestOnlyLoader, path).toBe(false);
    }
  });

  it("lets a page's render error through to the app's error boundary, not react-router's own screen", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The app's own root route (its frame and error element) around a page that throws.
    const root = APP_ROUTES[0];
    if (!root || root.index) throw new Error('the app routes start with a layout root');
    renderWithProviders(<Boom />, {
      path: '/boom',
      routePath: '/boom',
      layout: root,
      aroundRouter: (router) => (
        <ErrorBoundary label="Page" fallback={(error) => <p role="alert">{`app boundary: ${error.message}`}</p>}>
          {router}
        </ErrorBoundary>
      ),
    });
    expect(screen.getByRole('alert').textContent).toBe('app boundary: 页面出错了');
  });
});
