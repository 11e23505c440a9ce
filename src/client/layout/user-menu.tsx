import { App, Avatar, Button, Dropdown, Space } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { logout } from '../api/auth-api';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { endSession, useToken } from '../session/session-store';
import { UserIcon } from './icons';
import { isCspSafeImage } from './safe-image';
import { useUserInfo } from './use-user-info';

/** The header's account corner: name and avatar with a logout entry, or a login link. */
export function UserMenu() {
  const texts = textsFor(useLocale());
  const token = useToken();
  const info = useUserInfo();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();

  if (!token) {
    return (
      <Link to={`/user/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
        <Button type="primary">{texts.login}</Button>
      </Link>
    );
  }

  const confirmLogout = (): void => {
    modal.confirm({
      title: texts.logoutConfirmTitle,
      content: texts.logoutConfirm,
      okText: texts.ok,
      cancelText: texts.cancel,
      onOk: async () => {
        // The server revokes the token; the session ends locally whatever it answers.
        await logout().catch(() => undefined);
        endSession();
        navigate('/home');
      },
    });
  };

  return (
    <Dropdown menu={{ items: [{ key: 'logout', label: texts.logout, onClick: confirmLogout }] }} placement="bottomRight">
      <Space style={{ cursor: 'pointer' }} className="kc-user-menu">
        <Avatar size="small" src={isCspSafeImage(info?.headimgurl) ? info?.headimgurl : undefined} icon={<UserIcon />} />
        <span className="kc-user-name">{info?.fullname ?? ''}</span>
      </Space>
    </Dropdown>
  );
}
