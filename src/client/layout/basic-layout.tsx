import { Layout, Space, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { MessageBoard } from '../message-board/message-board';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

/**
 * The portal's frame for v1: header with the portal name and the account corner, the page, the
 * commission's footer and the floating message board. Menus, tabs and settings arrive with the
 * full shell.
 */
export function BasicLayout() {
  const texts = textsFor(useLocale());
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: '#fff', padding: '0 24px', boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)' }}>
        <Link to="/home" style={{ display: 'flex', alignItems: 'center' }}>
          <Typography.Title level={4} style={{ margin: 0 }} className="kc-portal-name">
            {texts.portalName}
          </Typography.Title>
        </Link>
        <Space size="middle">
          <nav className="kc-main-nav" aria-label={texts.activities}>
            <Space size="middle">
              <Link to="/activities">{texts.activities}</Link>
              <Link to="/activitiesFormList">{texts.myApplications}</Link>
            </Space>
          </nav>
          <LanguageSwitch />
          <UserMenu />
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Suspense fallback={<Spin style={{ display: 'block', margin: '96px auto' }} />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }} className="kc-footer">
        © 2019-2021 {texts.commissionName}
      </Layout.Footer>
      <MessageBoard />
    </Layout>
  );
}
