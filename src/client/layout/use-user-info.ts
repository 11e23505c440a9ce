import { useEffect, useState } from 'react';
import type { UserInfo } from '../../shared/generated/user-info';
import { fetchSessionUserInfo } from '../session/session-api';
import { useToken } from '../session/session-store';
import { useUserSession } from '../session/user-session-store';

/**
 * The logged-in user's name and avatar for the header: the session's user info once the session
 * rules have loaded it, else the header's own fetch (the unit rule may skip the session's, spec §4).
 * A failed fetch leaves the name empty and nothing more: spec §4's failure path (notification,
 * logout, passport redirect) belongs to the session guard, and running it twice would notify twice.
 */
export function useUserInfo(): UserInfo | undefined {
  const token = useToken();
  const session = useUserSession();
  const [own, setOwn] = useState<{ token: string; info: UserInfo }>();

  useEffect(() => {
    if (!token) return;
    let active = true;
    // Silent, so a failure is not notified here as well as by the session guard.
    fetchSessionUserInfo().then(
      (loaded) => active && setOwn({ token, info: loaded }),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [token]);

  if (!token) return undefined;
  if (session?.info) return session.info;
  return own?.token === token ? own.info : undefined;
}
