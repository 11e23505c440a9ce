import { Spin } from 'antd';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useRouteError, type RouteObject } from 'react-router-dom';
import { STEP_ROUTES } from '../../shared/activity/activity-definition';
import { RequireLogin } from '../activities/require-login';
import { BasicLayout } from '../layout/basic-layout';
import { refreshSessionFromStorage } from '../session/session-store';

// Each page is its own chunk (ARCHITECTURE.md: routes are split).
const HomePage = lazy(() => import('../pages/home-page'));
const LoginPage = lazy(() => import('../pages/login-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));
const PolicyAdviceFormPage = lazy(() => import('../pages/placeholder-page').then((m) => ({ default: m.PolicyAdviceFormPage })));
const QuoteFormDemoPage = lazy(() => import('../pages/placeholder-page').then((m) => ({ default: m.QuoteFormDemoPage })));
const ActivitiesPage = lazy(() => import('../pages/activities/activities-page'));
const MyApplicationsPage = lazy(() => import('../pages/activities/my-applications-page'));
const ApplicationFormPage = lazy(() => import('../pages/activities/application-form-page'));
const ApplicationViewPage = lazy(() => import('../pages/activities/application-view-page'));

/** Spec §4: on each navigation the token is synced from the cookie into localStorage. */
function SessionSync() {
  const { pathname } = useLocation();
  useEffect(() => {
    refreshSessionFromStorage();
  }, [pathname]);
  return null;
}

/** Every route's frame: the session sync and one fallback while a page chunk loads. */
function RootRoute() {
  return (
    <>
      <SessionSync />
      <Suspense fallback={<Spin style={{ display: 'block', margin: '30vh auto' }} />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * A data router catches a page's render error itself and would show its own developer screen;
 * thrown on, the error reaches AppErrorBoundary (app.tsx), the app's one "reload" prompt.
 */
function RethrowRouteError(): never {
  throw useRouteError();
}

// A user's applications belong to them: those pages need an account. The activity list is public
// (spec §1: visitors browse the activities; applying asks them to log in).
const member = (page: ReactNode): ReactNode => <RequireLogin>{page}</RequireLogin>;

export const APP_ROUTES: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RethrowRouteError />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/user/login', element: <LoginPage /> },
      {
        element: <BasicLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/home/policy-advice-form', element: <PolicyAdviceFormPage /> },
          { path: '/home/quote-form-demo', element: <QuoteFormDemoPage /> },
          { path: '/activities', element: <ActivitiesPage /> },
          { path: '/activitiesFormList', element: member(<MyApplicationsPage />) },
          { path: '/home/activities/applicationForm', element: member(<ApplicationFormPage />) },
          { path: '/home/activities/applicationFormGroup', element: member(<ApplicationViewPage />) },
          // Spec §2's step pages: each opens the step whose manifest `route` names it.
          ...STEP_ROUTES.map((route) => ({ path: `/home/activities/${route}`, element: member(<ApplicationFormPage route={route} />) })),
          { path: '/404', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/**
 * The app's routes as a data router (`<RouterProvider router={createAppRouter()} />`): only a data
 * router lets the step form block in-app navigation while it has unsaved changes (useBlocker).
 */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(APP_ROUTES);
}
