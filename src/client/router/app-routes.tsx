import { Spin } from 'antd';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
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

// Applications belong to their applicant: every activity page needs an account.
const member = (page: ReactNode): ReactNode => <RequireLogin>{page}</RequireLogin>;

export function AppRoutes() {
  return (
    <>
      <SessionSync />
      <Suspense fallback={<Spin style={{ display: 'block', margin: '30vh auto' }} />}>
        <Routes>
          <Route path="/" element={<Navigate to="/home" replace />} />
          <Route path="/user/login" element={<LoginPage />} />
          <Route element={<BasicLayout />}>
            <Route path="/home" element={<HomePage />} />
            <Route path="/home/policy-advice-form" element={<PolicyAdviceFormPage />} />
            <Route path="/home/quote-form-demo" element={<QuoteFormDemoPage />} />
            <Route path="/activities" element={member(<ActivitiesPage />)} />
            <Route path="/activitiesFormList" element={member(<MyApplicationsPage />)} />
            <Route path="/home/activities/applicationForm" element={member(<ApplicationFormPage />)} />
            <Route path="/home/activities/applicationFormGroup" element={member(<ApplicationViewPage />)} />
            {/* Spec §2's step pages: each opens the step whose manifest `route` names it. */}
            {STEP_ROUTES.map((route) => (
              <Route key={route} path={`/home/activities/${route}`} element={member(<ApplicationFormPage route={route} />)} />
            ))}
            <Route path="/404" element={<NotFoundPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}

/**
 * The routes as a data router (for `<RouterProvider router={createAppRouter()} />`): only a data
 * router lets the step form block in-app navigation with unsaved changes (useBlocker). Under a
 * plain BrowserRouter the step form still guards reloads and closing the tab (beforeunload).
 */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);
}
