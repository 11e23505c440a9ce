import { Badge, Tooltip } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { BellIcon } from '../layout/icons';
import { useToken } from '../session/session-store';
import { notificationTextsFor } from './notification-texts';
import { refreshUnreadCount, setUnreadCount, useUnreadCount } from './unread-store';

/** Modest: a notice is news, not a chat; navigation asks sooner. */
export const UNREAD_POLL_MS = 60_000;

export const NOTIFICATIONS_PATH = '/account/notifications';

/**
 * The header's bell: the unread count (antd Badge) and a link to the message centre. Asked again on
 * every navigation and once a minute while the page is visible; nothing for a visitor.
 */
export function NotificationBell() {
  const texts = notificationTextsFor(useLocale());
  const token = useToken();
  const { pathname } = useLocation();
  const count = useUnreadCount();

  useEffect(() => {
    if (!token) {
      setUnreadCount(undefined);
      return;
    }
    void refreshUnreadCount();
  }, [token, pathname]);

  useEffect(() => {
    if (!token) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refreshUnreadCount();
    }, UNREAD_POLL_MS);
    return () => window.clearInterval(timer);
  }, [token]);

  if (!token) return null;
  const label = texts.bellLabel(count);
  return (
    <Tooltip title={label}>
      {/*
        The link is named by its own (visually hidden) words, not by aria-label: antd's rolling digits in the
        badge would not match an aria-label (axe label-content-name-mismatch), so the badge is hidden from it.
      */}
      <Link to={NOTIFICATIONS_PATH} className="kc-notification-bell">
        <span aria-hidden="true">
          <Badge count={count ?? 0} size="small" overflowCount={99}>
            <BellIcon style={{ fontSize: 18 }} />
          </Badge>
        </span>
        <span className="kc-notification-bell-label">{label}</span>
      </Link>
    </Tooltip>
  );
}
