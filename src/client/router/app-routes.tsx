import { Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { BasicLayout } from '../layout/basic-layout';
import { refreshSessionFromStorage } from '../session/session-store';

// Each page is its own chunk (ARCHITECTURE.md: routes are split).
const HomePage = lazy(() => import('../pages/home-page'));
const LoginPage = lazy(() => import('../pages/login-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));
const PolicyAdviceFormPage = lazy(() => import('../pages/placeholder-page').then((m) => ({ default: m.PolicyAdviceFormPage })));
const QuoteFormDemoPage = lazy(() => import('../pages/placeholder-page').then((m) => ({ default: m.QuoteFormDemoPage })));

/** Spec §4: on each navigation the token is synced from the cookie into localStorage. */
function SessionSync() {
  const { pathname } = useLocation();
  useEffect(() => {
    refreshSessionFromStorage();
  }, [pathname]);
  return null;
}

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
            <Route path="/404" element={<NotFoundPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
