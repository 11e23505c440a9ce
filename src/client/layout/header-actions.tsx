import { Button, Space, Tooltip } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { NotificationBell } from '../notifications/notification-bell';
import { SearchIcon, SettingIcon } from './icons';
import { LanguageSwitch } from './language-switch';
import { layoutTextsFor } from './layout-texts';
import { UserMenu } from './user-menu';

/** The header's right side in every layout: the search, the message bell (signed in), language, the settings drawer's button, the account corner. */
export function HeaderActions({ onOpenSettings }: { onOpenSettings: () => void }) {
  const texts = layoutTextsFor(useLocale());
  return (
    <Space size="middle" className="kc-header-actions">
      <Tooltip title={texts.search}>
        <Link to="/search" className="kc-header-search" aria-label={texts.search}>
          <SearchIcon />
        </Link>
      </Tooltip>
      <NotificationBell />
      <LanguageSwitch />
      <Tooltip title={texts.settings}>
        <Button type="text" className="kc-settings-button" aria-label={texts.settings} icon={<SettingIcon />} onClick={onOpenSettings} />
      </Tooltip>
      <UserMenu />
    </Space>
  );
}
