import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { sessionWarningAt } from '../../shared/rules/session-policy';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { logout } from './logout';
import { fetchSessionUserInfo } from './session-api';
import { useSessionActivity } from './session-activity-store';

/**
 * SECURITY R10 (ADR 0008): two minutes before the session would time out, a modal says so. Idle:
 * 继续使用 makes an authenticated call, whose answer moves the deadline and closes the modal; any
 * other authenticated answer does the same. Absolute: nothing can extend it, so it is said once and
 * acknowledged. 退出登录 is the ordinary logout. When the session does time out, the HTTP client's
 * 401 handling logs out and says why.
 */
export function IdleWarning({ onLoggedOut }: { onLoggedOut?: () => void }) {
  const texts = textsFor(useLocale());
  const activity = useSessionActivity();
  const [due, setDue] = useState<'idle' | 'absolute'>();
  // The absolute end that was acknowledged; its warning is not shown again.
  const [acknowledged, setAcknowledged] = useState<number>();
  const [continuing, setContinuing] = useState(false);

  useEffect(() => {
    setDue(undefined);
    if (!activity) return;
    const expiresAt = activity.expiresAt !== undefined && activity.expiresAt !== acknowledged ? activity.expiresAt : undefined;
    const warning = sessionWarningAt({ idleExpiresAt: activity.idleExpiresAt, ...(expiresAt === undefined ? {} : { expiresAt }) });
    const delay = warning.at - Date.now();
    if (delay <= 0) {
      setDue(warning.kind);
      return;
    }
    const timer = setTimeout(() => setDue(warning.kind), delay);
    return () => clearTimeout(timer);
  }, [activity, acknowledged]);

  const keepAlive = async (): Promise<void> => {
    setContinuing(true);
    try {
      // Not silent: a failure (the session already gone) is said by the HTTP client.
      await fetchSessionUserInfo(undefined, { silent: false });
    } catch {
      // Said already; a 401 has ended the session and the modal closes with it.
    } finally {
      setContinuing(false);
    }
  };

  const endNow = async (): Promise<void> => {
    setDue(undefined);
    await logout();
    onLoggedOut?.();
  };

  // Not drawn at all until due: a closed antd Modal still computes its styles, about 20 ms of a phone's
  // main thread on every page's first load (issue 33).
  if (due === undefined || activity === undefined) return null;
  const idle = due === 'idle';
  return (
    <Modal
      open
      className="kc-idle-warning"
      title={idle ? texts.idleWarningTitle : texts.expiryWarningTitle}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="logout" onClick={() => void endNow()}>
          {texts.logout}
        </Button>,
        idle ? (
          <Button key="continue" type="primary" loading={continuing} onClick={() => void keepAlive()}>
            {texts.idleWarningContinue}
          </Button>
        ) : (
          <Button key="acknowledge" type="primary" onClick={() => setAcknowledged(activity?.expiresAt)}>
            {texts.expiryWarningAcknowledge}
          </Button>
        ),
      ]}
    >
      {idle ? texts.idleWarning : texts.expiryWarning}
    </Modal>
  );
}
