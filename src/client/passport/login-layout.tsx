import { Layout, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useMatches } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { LanguageSwitch } from '../layout/language-switch';
import { usePassportTexts, type PassportTexts } from './passport-texts';

/** The passport routes' names (spec §2): the login layout's header follows them. */
export type PassportRouteName = 'login' | 'ForgetPassword' | 'register' | 'userLogin';

export interface PassportHandle {
  passportRoute: PassportRouteName;
}

const HEADER_KEYS: Record<PassportRouteName, keyof PassportTexts> = {
  login: 'headerLogin',
  ForgetPassword: 'headerForgetPassword',
  register: 'headerRegister',
  userLogin: 'headerUserLogin',
};

function isPassportHandle(handle: unknown): handle is PassportHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as Record<string, unknown>)['passportRoute'] === 'string';
}

/** Spec §2: login → 登录, ForgetPassword → 找回密码, register → 注册, userLogin → 授权. */
export function passportHeader(name: PassportRouteName, texts: PassportTexts): string {
  const text = texts[HEADER_KEYS[name]];
  return typeof text === 'string' ? text : '';
}

/** The frame of the passport pages: the portal name, a header named after the route, the footer. */
export function LoginLayout() {
  const locale = useLocale();
  const appTexts = textsFor(locale);
  const texts = usePassportTexts();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isPassportHandle(match.handle))?.handle;
  const name: PassportRouteName = isPassportHandle(handle) ? handle.passportRoute : 'login';
  return (
    <Layout style={{ minHeight: '100vh', background: '#f0f2f5' }} className="kc-login-layout">
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: '#fff', padding: '0 24px' }}
      >
        <Link to="/home" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {appTexts.portalName}
          </Typography.Text>
          <Typography.Text type="secondary" className="kc-passport-header" data-route-name={name}>
            {passportHeader(name, texts)}
          </Typography.Text>
        </Link>
        <LanguageSwitch />
      </Layout.Header>
      <Layout.Content style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '8vh 16px 24px' }}>
        <Typography.Title level={2} style={{ marginBottom: 32 }}>
          {appTexts.portalName}
        </Typography.Title>
        <Suspense fallback={<Spin style={{ display: 'block', margin: '10vh auto' }} />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>© 2019-2021 {appTexts.commissionName}</Layout.Footer>
    </Layout>
  );
}
