import { Avatar, Button, Dropdown, Space } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { greeting } from '../../shared/rules/greeting';
import { useResourcePages } from '../engine/use-resource-pages';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { logout } from '../session/logout';
import { useToken } from '../session/session-store';
import { BellIcon, LogoutIcon, ProfileIcon, SettingIcon, UserIcon } from './icons';
import { layoutTextsFor } from './layout-texts';
import { isCspSafeImage } from './safe-image';
import { useUserInfo } from './use-user-info';
import { useFeedback } from '../feedback/use-feedback';

/**
 * The header's account corner: avatar and the greeting by hour with the user's name ("上午好，张伟",
 * spec §9), a logout entry that asks first (spec §2); or a login button.
 */
export function UserMenu() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const layoutTexts = layoutTextsFor(locale);
  const token = useToken();
  const info = useUserInfo();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const { pages } = useResourcePages();

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
        // Clears the token, roles, stored token and userUnit cookie, then revokes the token on the
        // server (spec §4); the session ends locally whatever the server answers.
        await logout();
        navigate('/home');
      },
    });
  };

  return (
    <Dropdown
      menu={{
        items: [
          // 工作台 (issue 31) for a user with queues; an applicant's waiting records are in their lists.
          ...(info?.workbench === true ? [{ key: 'workbench', label: <Link to="/workbench">{layoutTexts.workbench}</Link> }] : []),
          { key: 'center', icon: <ProfileIcon />, label: <Link to="/account/center">{layoutTexts.accountCenter}</Link> },
          { key: 'notifications', icon: <BellIcon />, label: <Link to="/account/notifications">{layoutTexts.notifications}</Link> },
          // The account area's lists (spec §2: 我的申报, 我的需求, …), as the list files place them.
          ...(pages?.accountMenu ?? [])
            .filter((entry) => !entry.administered || info?.orgAdmin === true)
            .map((entry) => ({
              key: `${entry.resource}:${entry.list}`,
              label: <Link to={entry.href}>{locale === 'en-US' ? entry.titleEn : entry.title}</Link>,
            })),
          { key: 'settings', icon: <SettingIcon />, label: <Link to="/account/settings">{layoutTexts.accountSettings}</Link> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutIcon />, label: texts.logout, onClick: confirmLogout },
        ],
      }}
      placement="bottomRight"
    >
      <Space style={{ cursor: 'pointer' }} className="kc-user-menu">
        <Avatar size="small" src={isCspSafeImage(info?.headimgurl) ? info?.headimgurl : undefined} icon={<UserIcon />} />
        <span className="kc-greeting">
          {info ? `${greeting(new Date(), locale)}${layoutTexts.greetingSeparator}` : ''}
          <span className="kc-user-name">{info?.fullname ?? ''}</span>
        </span>
      </Space>
    </Dropdown>
  );
}
