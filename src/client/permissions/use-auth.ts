import { useCallback } from 'react';
import { hasPermission } from '../../shared/permissions/has-permission';
import { usePermissions } from './use-permissions';

/** Spec §6's auth check as a hook: `useAuth()('application.update')`. */
export function useAuth(): (check: string) => boolean {
  const permissions = usePermissions();
  return useCallback((check: string) => hasPermission(permissions, check), [permissions]);
}
