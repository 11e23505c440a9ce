import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useToken } from '../session/session-store';
import { loginHref } from './login-href';

/**
 * Pages that only make sense with an account (applications belong to their applicant). Without a
 * token the visitor goes to the login page, which brings them back here afterwards.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
