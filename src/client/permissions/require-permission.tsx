import { Spin } from 'antd';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasPermission } from '../../shared/permissions/has-permission';
import { lazyWithTimeout } from '../chunk/lazy-with-timeout';
import { HOME_PATH } from '../session/route-guards';
import { useToken } from '../session/session-store';
import { ensurePermissions } from './load-permissions';
import { useLoadedPermissions } from './use-permissions';

const PermissionRefusal = lazyWithTimeout(() => import('./permission-refusal'));

const SPIN = <Spin className="kc-permission-loading" style={{ display: 'block', margin: '96px auto' }} />;

/**
 * A page that needs a permission ('permissionId.action'): without a token, the home route (spec §4);
 * while the permissions load, a spinner; without the permission, the 403 page in place (the address
 * stays, so the user sees which page refused them). The server checks again on every call.
 */
export function RequirePermission({ check, children }: { check: string; children: ReactNode }) {
  const token = useToken();
  const permissions = useLoadedPermissions();
  const [failedFor, setFailedFor] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token || permissions !== undefined) return;
    ensurePermissions(token).catch(() => setFailedFor(token));
  }, [token, permissions, attempt]);

  if (!token) return <Navigate to={HOME_PATH} replace />;
  if (permissions === undefined) {
    if (failedFor === token) {
      const retry = (): void => {
        setFailedFor(undefined);
        setAttempt((count) => count + 1);
      };
      return (
        <Suspense fallback={SPIN}>
          <PermissionRefusal onRetry={retry} />
        </Suspense>
      );
    }
    return SPIN;
  }
  if (!hasPermission(permissions, check)) {
    return (
      <Suspense fallback={SPIN}>
        <PermissionRefusal />
      </Suspense>
    );
  }
  return <>{children}</>;
}
