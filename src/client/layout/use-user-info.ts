import { useEffect, useState } from 'react';
import { fetchUserInfo, type UserInfo } from '../api/auth-api';
import { notifyError } from '../api/notifier';
import { getLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { endSession, useToken } from '../session/session-store';

/**
 * The logged-in user's name and avatar. Spec §4: a failed fetch shows '请求用户信息失败，请重试'
 * and logs out (the external passport redirect arrives with the full shell).
 */
export function useUserInfo(): UserInfo | undefined {
  const token = useToken();
  const [info, setInfo] = useState<{ token: string; info: UserInfo }>();

  useEffect(() => {
    if (!token) return;
    let active = true;
    fetchUserInfo().then(
      (loaded) => active && setInfo({ token, info: loaded }),
      () => {
        if (!active) return;
        notifyError(textsFor(getLocale()).userInfoFailed);
        endSession();
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  return token && info?.token === token ? info.info : undefined;
}
