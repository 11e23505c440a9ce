import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/server/config/config-error';
import { assertSendersConfigured, parseSenderConfig } from '../../../src/server/config/sender-config';
import { loadConfig } from '../../../src/server/config/server-config';

const TENCENT = {
  SMS_SENDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDtest',
  TENCENT_SMS_SECRET_KEY: 'secret-key',
  TENCENT_SMS_SDK_APP_ID: '1400000000',
  TENCENT_SMS_SIGN_NAME: '科创服务门户',
  TENCENT_SMS_TEMPLATE_ID: '100001',
};

describe('SMS_SENDER, MAIL_SENDER and their settings (ADR 0034)', () => {
  it('uses the outboxes outside production, and says nothing in production', () => {
    expect(parseSenderConfig({}, 'development')).toEqual({ smsSender: 'outbox', mailSender: 'outbox' });
    expect(parseSenderConfig({}, 'production')).toEqual({ smsSender: undefined, mailSender: undefined });
  });

  it('takes SMTP_URL alone as the smtp sender, and wants MAIL_FROM with it', () => {
    const config = parseSenderConfig(
      { SMTP_URL: 'smtps://portal:pw@smtp.example.gov.cn', MAIL_FROM: '科创服务门户 <noreply@example.gov.cn>' },
      'production',
    );
    expect(config.mailSender).toBe('smtp');
    expect(config.smtp).toEqual({ url: 'smtps://portal:pw@smtp.example.gov.cn', from: '科创服务门户 <noreply@example.gov.cn>' });
    expect(() => parseSenderConfig({ SMTP_URL: 'smtp://relay.example.gov.cn' }, 'production')).toThrow(/MAIL_FROM/);
    expect(() => parseSenderConfig({ MAIL_SENDER: 'smtp' }, 'production')).toThrow(/SMTP_URL/);
  });

  it('never repeats a URL that may hold a password in its error', () => {
    let message = '';
    try {
      parseSenderConfig({ SMTP_URL: 'https://user:hunter2@mail.example.gov.cn', MAIL_FROM: 'a@b.cn' }, 'production');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(message).not.toContain('hunter2');
  });

  it('reads the Tencent Cloud settings and names the missing ones', () => {
    const config = parseSenderConfig(TENCENT, 'production');
    expect(config.tencentSms).toMatchObject({
      sdkAppId: '1400000000',
      region: 'ap-guangzhou',
      endpoint: 'https://sms.tencentcloudapi.com',
    });
    expect(() => parseSenderConfig({ SMS_SENDER: 'tencent', TENCENT_SMS_SECRET_ID: 'x' }, 'production')).toThrow(
      /TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID/,
    );
    // The key travels to the endpoint: https only, except on this machine.
    expect(() => parseSenderConfig({ ...TENCENT, TENCENT_SMS_ENDPOINT: 'http://sms.example.com' }, 'production')).toThrow(/https/);
    expect(parseSenderConfig({ ...TENCENT, TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9' }, 'production').tencentSms?.endpoint).toBe(
      'http://127.0.0.1:9',
    );
  });

  it('reads the HTTP gateway template', () => {
    const config = parseSenderConfig(
      {
        SMS_SENDER: 'http',
        SMS_HTTP_URL: 'https://sms.example.gov.cn/send',
        SMS_HTTP_HEADERS: '{"X-Api-Key":"k"}',
        SMS_HTTP_BODY: '{"mobile":"{phone}","content":"{text}"}',
      },
      'production',
    );
    expect(config.httpSms).toEqual({
      url: 'https://sms.example.gov.cn/send',
      method: 'POST',
      headers: { 'X-Api-Key': 'k' },
      bodyTemplate: '{"mobile":"{phone}","content":"{text}"}',
    });
    expect(() =>
      parseSenderConfig({ SMS_SENDER: 'http', SMS_HTTP_URL: 'https://x.cn/s', SMS_HTTP_BODY: '{"m":"{phone}"}' }, 'production'),
    ).toThrow(/\{text\}/);
    expect(() =>
      parseSenderConfig(
        { SMS_SENDER: 'http', SMS_HTTP_URL: 'https://x.cn/s', SMS_HTTP_HEADERS: '[1]', SMS_HTTP_BODY: '{phone}{text}' },
        'production',
      ),
    ).toThrow(/SMS_HTTP_HEADERS/);
  });

  it('refuses production with no sender said, and accepts an explicit none', () => {
    expect(() => assertSendersConfigured({ ...parseSenderConfig({}, 'production'), nodeEnv: 'production' })).toThrow(ConfigError);
    expect(() => assertSendersConfigured({ ...parseSenderConfig({ SMS_SENDER: 'none' }, 'production'), nodeEnv: 'production' })).toThrow(
      /no mail sender is configured: set SMTP_URL and MAIL_FROM, or MAIL_SENDER=none/,
    );
    expect(() =>
      assertSendersConfigured({ ...parseSenderConfig({ SMS_SENDER: 'none', MAIL_SENDER: 'none' }, 'production'), nodeEnv: 'production' }),
    ).not.toThrow();
    expect(() => assertSendersConfigured({ ...parseSenderConfig({}, 'development'), nodeEnv: 'development' })).not.toThrow();
    // loadConfig itself still reads a production environment (scripts such as create-admin use it).
    expect(loadConfig({ NODE_ENV: 'production' }).smsSender).toBeUndefined();
  });
});
