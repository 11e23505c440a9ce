import { describe, expect, it } from 'vitest';
import {
  assertCaptchaFixedAllowed,
  assertDemoHostAllowed,
  ConfigError,
  isDemoMode,
  isLoopbackHost,
  loadConfig,
} from '../../../src/server/config/server-config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/portal/data',
      databaseUrl: undefined,
      nodeEnv: 'development',
      captchaFixed: undefined,
      schemasDir: '/srv/portal/schemas',
      clientDir: '/srv/portal/dist/client',
      sso: undefined,
      devSso: undefined,
      smsSender: 'outbox',
      mailSender: 'outbox',
      publicBaseUrl: undefined,
      recordSealKey: undefined,
      dataCipher: 'sm4',
      allowPublicDemo: undefined,
    });
  });

  it('reads DATA_KEY and DATA_CIPHER, and refuses a cipher it does not know', () => {
    expect(loadConfig({ DATA_KEY: 'a2V5', DATA_CIPHER: 'aes-256-gcm' })).toMatchObject({ dataKey: 'a2V5', dataCipher: 'aes-256-gcm' });
    expect(() => loadConfig({ DATA_CIPHER: 'des' })).toThrow('DATA_CIPHER must be one of sm4, aes-256-gcm');
  });

  it('reads a complete SSO_* provider, and refuses a partial or insecure one', () => {
    const sso = {
      SSO_ISSUER: 'https://passport.example.gov.cn',
      SSO_AUTHORIZE_URL: 'https://passport.example.gov.cn/oauth2/authorize',
      SSO_TOKEN_URL: 'https://passport.example.gov.cn/oauth2/token',
      SSO_USERINFO_URL: 'https://passport.example.gov.cn/oauth2/userinfo',
      SSO_CLIENT_ID: 'kechuang',
      SSO_CLIENT_SECRET: 's3cret',
      SSO_REDIRECT_URI: 'https://portal.example.gov.cn/api/oauth/ywtbAuthLogin/callback',
    };
    expect(loadConfig(sso).sso).toEqual({
      issuer: sso.SSO_ISSUER,
      authorizeUrl: sso.SSO_AUTHORIZE_URL,
      tokenUrl: sso.SSO_TOKEN_URL,
      userinfoUrl: sso.SSO_USERINFO_URL,
      clientId: 'kechuang',
      clientSecret: 's3cret',
      redirectUri: sso.SSO_REDIRECT_URI,
    });
    expect(() => loadConfig({ SSO_ISSUER: sso.SSO_ISSUER })).toThrow(/SSO is partly configured/);
    expect(() => loadConfig({ ...sso, SSO_TOKEN_URL: 'http://passport.example.gov.cn/token' })).toThrow(/SSO_TOKEN_URL must use https/);
  });

  it('reads DEV_SSO, SMS_SENDER, MAIL_SENDER and PUBLIC_BASE_URL', () => {
    expect(loadConfig({ DEV_SSO: 'true', PUBLIC_BASE_URL: 'https://portal.example' })).toMatchObject({
      devSso: true,
      publicBaseUrl: 'https://portal.example',
    });
    expect(loadConfig({ DEV_SSO: 'false' }).devSso).toBe(false);
    expect(() => loadConfig({ DEV_SSO: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_SENDER: 'carrier-pigeon' })).toThrow(/SMS_SENDER must be one of outbox/);
    expect(() => loadConfig({ MAIL_SENDER: 'fax' })).toThrow(ConfigError);
  });

  it('reads PASSWORD_MAX_AGE_DAYS: unset or 0 means no expiry, anything but a whole number of days is refused', () => {
    expect(loadConfig({}).passwordMaxAgeDays).toBeUndefined();
    expect(loadConfig({ PASSWORD_MAX_AGE_DAYS: '0' }).passwordMaxAgeDays).toBeUndefined();
    expect(loadConfig({ PASSWORD_MAX_AGE_DAYS: '90' }).passwordMaxAgeDays).toBe(90);
    for (const bad of ['-1', '90.5', 'ninety', '3651'])
      expect(() => loadConfig({ PASSWORD_MAX_AGE_DAYS: bad }), bad).toThrow(/PASSWORD_MAX_AGE_DAYS must be a whole number/);
  });

  it('reads PORT, HOST, DATA_DIR, DATABASE_URL, NODE_ENV and SCHEMAS_DIR', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/kc',
        DATABASE_URL: 'postgres://u@db/kc',
        NODE_ENV: 'production',
        SCHEMAS_DIR: 'alt/schemas',
      },
      '/srv/portal',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/kc',
      databaseUrl: 'postgres://u@db/kc',
      nodeEnv: 'production',
      schemasDir: '/srv/portal/alt/schemas',
    });
  });

  it('honours CAPTCHA_FIXED with NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED: 'abcd' }).captchaFixed).toBe('abcd');
  });

  it.each([{ NODE_ENV: 'production' }, { NODE_ENV: 'development' }, {}])('refuses to start with CAPTCHA_FIXED under %j', (env) => {
    expect(() => loadConfig({ ...env, CAPTCHA_FIXED: 'abcd' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, CAPTCHA_FIXED: 'abcd' })).toThrow(/CAPTCHA_FIXED/);
  });

  it('the same guard holds for a config built by hand', () => {
    expect(() => assertCaptchaFixedAllowed({ captchaFixed: 'x', nodeEnv: 'production' })).toThrow(ConfigError);
    expect(() => assertCaptchaFixedAllowed({ captchaFixed: undefined, nodeEnv: 'production' })).not.toThrow();
  });

  it.each(['abc', '70000', '-1', '3.5'])('refuses PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
  });

  it('seeds demo accounts only in embedded, non-production mode', () => {
    expect(isDemoMode({ databaseUrl: undefined, nodeEnv: 'development' })).toBe(true);
    expect(isDemoMode({ databaseUrl: undefined, nodeEnv: 'production' })).toBe(false);
    expect(isDemoMode({ databaseUrl: 'postgres://x', nodeEnv: 'development' })).toBe(false);
  });

  it('keeps the embedded demo on loopback unless ALLOW_PUBLIC_DEMO says otherwise, and says why', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'portal.example.gov.cn']) {
      expect(() => loadConfig({ HOST: host })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST: host })).toThrow(/demo accounts.*ALLOW_PUBLIC_DEMO=true/);
    }
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_PUBLIC_DEMO: 'true' }).allowPublicDemo).toBe(true);
    // No demo is seeded on PostgreSQL or in production, so those listen anywhere.
    expect(loadConfig({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@db/kc' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ HOST: '0.0.0.0', ALLOW_PUBLIC_DEMO: 'maybe' })).toThrow(/ALLOW_PUBLIC_DEMO/);
  });

  it('refuses a public address when demo accounts are left in the database, whatever the mode', () => {
    expect(() => assertDemoHostAllowed({ host: '0.0.0.0', allowPublicDemo: undefined }, true)).toThrow(ConfigError);
    expect(() => assertDemoHostAllowed({ host: '0.0.0.0', allowPublicDemo: undefined }, false)).not.toThrow();
    expect(() => assertDemoHostAllowed({ host: '0.0.0.0', allowPublicDemo: true }, true)).not.toThrow();
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['127.0.0.1.example.com', false],
  ])('isLoopbackHost(%s) is %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
