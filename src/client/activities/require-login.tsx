import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { HOME_PATH } from '../session/route-guards';
import { useToken } from '../session/session-store';

/**
 * Pages that only make sense with an account (applications belong to their applicant). Without a
 * token, navigation leads to the home route (spec §4), like every page that needs login; the
 * activity list's 立即申报 is where a visitor is asked to log in and brought back.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const token = useToken();
  if (!token) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
}
