import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { mailOutbox, smsOutbox } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/services/auth/session-store';
import { createUser } from '../../../src/server/services/users/create-user';
import { TEST_CAPTCHA, type TestApp } from './test-app';

export const LOGIN_URL = '/api/oauth/login';
export const INFO_URL = '/api/integrity/app/user/settings/info';

let ipCounter = 0;
/** A fresh client address, so the per-IP rate limits of one test never spill into the next. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let phoneCounter = 0;
/** A unique, valid mainland mobile number per call. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `139${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

export async function fetchLoginCaptcha(t: TestApp, ip = freshIp()): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/oauth/loginCode', remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { captchaId: string } }>().data.captchaId;
}

export interface Attempt {
  username: string;
  password: string;
  /** Fetch a captcha and send its (fixed, test-mode) answer. */
  withCaptcha?: boolean;
  url?: string;
  ip?: string;
}

export async function loginAttempt(t: TestApp, attempt: Attempt): Promise<LightMyRequestResponse> {
  const ip = attempt.ip ?? freshIp();
  const captcha = attempt.withCaptcha ? { captchaId: await fetchLoginCaptcha(t, ip), captcha: TEST_CAPTCHA } : {};
  return t.app.inject({
    method: 'POST',
    url: attempt.url ?? LOGIN_URL,
    remoteAddress: ip,
    payload: { username: attempt.username, password: attempt.password, code: '2', ...captcha },
  });
}

export interface PhoneUser {
  id: string;
  username: string;
  password: string;
  phone: string;
}

export async function createPhoneUser(
  t: TestApp,
  prefix = 'ph',
  extra: { extraUnits?: string[]; orgName?: string } = {},
): Promise<PhoneUser> {
  const suffix = Math.random().toString(16).slice(2, 10);
  const username = `${prefix}_${suffix}`;
  const password = `Pw-${suffix}X9`;
  const phone = freshPhone();
  const id = await createUser(t.db, {
    username,
    password,
    fullname: `测试${prefix}`,
    role: 'applicant',
    phone,
    email: `${username}@example.com`,
    ...extra,
  });
  return { id, username, password, phone };
}

export async function sessionFor(t: TestApp, userId: string): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await createSession(t.db, userId, t.clock.now())}` };
}

/** The development SMS sender's last message to this phone, and the 6-digit code in it. */
export async function lastSmsCode(t: TestApp, phone: string): Promise<string | undefined> {
  const rows = await t.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return /验证码为 (\d{6})/.exec(rows[0]?.text ?? '')?.[1];
}

export async function smsCount(t: TestApp, phone: string): Promise<number> {
  return (await t.db.select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).length;
}

export async function lastMail(t: TestApp, to: string): Promise<string | undefined> {
  const rows = await t.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return rows[0]?.text;
}

export function sendSms(t: TestApp, phone: string, purpose: 'resetPassword' | 'register', ip = freshIp()): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/oauth/sendSms', remoteAddress: ip, payload: { phone, purpose } });
}
