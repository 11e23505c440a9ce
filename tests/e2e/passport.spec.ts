import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, postLogin, submitLogin, test } from './fixtures';

/**
 * The passport end to end (spec §2, §5, §7; ADR 0005), against the development SMS and mail
 * senders, read back through the test-only /api/dev/outbox routes. The reset and the password
 * change use the demo account `member` (no other spec logs in as it); the registration makes a
 * new account, which the single sign-on then binds. Serial: each test builds on the one before.
 */
test.describe.configure({ mode: 'serial' });

const MEMBER_PHONE = '13800000006';
const RESET_PASSWORD = 'Reset#2026abc';
const CHANGED_PASSWORD = 'Changed#2027xyz';
const suffix = `${Date.now()}`.slice(-8);
const NEW_USER = { username: `e2e${suffix}`, phone: `139${suffix}`, email: `e2e${suffix}@example.com`, password: 'Register#2026q' };

async function latestSms(request: APIRequestContext, phone: string): Promise<string> {
  const response = await request.get(`/api/dev/outbox/sms?phone=${phone}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { text: string } };
  const code = /验证码为\s*(\d{6})/.exec(body.data.text)?.[1];
  if (!code) throw new Error(`no code in ${body.data.text}`);
  return code;
}

async function loginAnswer(request: APIRequestContext, username: string, password: string): Promise<number> {
  return (await postLogin(request, { username, password }, '/api/oauth/login')).status();
}

test('SMS reset: phone, code from the outbox, new password twice; then the login takes the new password', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/login\/forget$/);
  await expect(page.locator('.kc-passport-header')).toHaveText('找回密码');

  // The code needs a valid phone first.
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入手机号')).toBeVisible();
  await page.getByLabel('手机号').fill(MEMBER_PHONE);
  await page.getByRole('button', { name: '获取验证码' }).click();
  // 60 s before another send.
  await expect(page.locator('.kc-send-sms')).toHaveText(/^(60|59|58)秒后重新获取$/);
  await expect(page.locator('.kc-send-sms')).toBeDisabled();
  const code = await latestSms(request, MEMBER_PHONE);

  await page.getByLabel('短信验证码').fill(code);
  await page.getByLabel('新密码').fill('short');
  await page.getByLabel('确认密码').fill('other');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码至少8个字符')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();

  await page.getByLabel('新密码').fill(RESET_PASSWORD);
  await page.getByLabel('确认密码').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);

  // The old password is gone; the new one logs in through the page.
  expect(await loginAnswer(request, 'member', DEMO_PASSWORD)).toBe(401);
  await page.getByLabel('用户名').fill('member');
  await page.getByLabel('密码', { exact: true }).fill(RESET_PASSWORD);
  await submitLogin(page);
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeTruthy();
});

test('change password on /account/settings, with the strength meter', async ({ page, request }) => {
  const login = await postLogin(request, { username: 'member', password: RESET_PASSWORD }, '/api/oauth/login');
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  await page.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, token);
  await page.goto('/account/settings');
  await expect(page.locator('.kc-security-summary')).toContainText('138****0006');

  const meter = page.locator('.kc-strength-meter');
  await expect(meter).toHaveAttribute('data-level', 'empty');
  await page.getByLabel('新密码').fill('aaaa');
  await expect(meter).toHaveAttribute('data-score', '10');
  await expect(meter).toContainText('密码强度：弱');
  await page.getByLabel('新密码').fill('aA1!');
  await expect(meter).toHaveAttribute('data-score', '50');
  await expect(meter).toContainText('密码强度：中');
  await page.getByLabel('新密码').fill(CHANGED_PASSWORD);
  await expect(meter).toHaveAttribute('data-level', 'strong');
  await expect(meter).toContainText('密码强度：强');

  // A wrong current password comes back on its field.
  await page.getByLabel('原密码').fill('Wrong#2026pass');
  await page.getByLabel('确认密码').fill(CHANGED_PASSWORD);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('原密码错误')).toBeVisible();

  await page.getByLabel('原密码').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('密码修改成功').first()).toBeVisible();
  expect(await loginAnswer(request, 'member', CHANGED_PASSWORD)).toBe(200);
  expect(await loginAnswer(request, 'member', RESET_PASSWORD)).toBe(401);
});

test('register: the spec §5 rules, the SMS code, the 24-hour activation link, then the login', async ({ page, request }) => {
  await page.goto('/login/register');
  await expect(page.locator('.kc-passport-header')).toHaveText('注册');
  await expect(page.getByText('24小时内有效').first()).toBeVisible();

  await page.getByRole('button', { name: '注册', exact: true }).click();
  for (const text of ['请输入用户名', '请输入电子邮箱', '请输入密码', '请再次输入密码', '请输入手机号', '请输入验证码']) {
    await expect(page.getByText(text, { exact: true }), text).toBeVisible();
  }
  await page.getByLabel('电子邮箱').fill('not-an-email');
  await page.getByLabel('手机号').fill('12345');
  await page.getByLabel('密码', { exact: true }).fill('abcdefgh');
  await page.getByLabel('确认密码').fill('abcdefgi');
  await expect(page.getByText('请输入正确的电子邮箱')).toBeVisible();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  await expect(page.getByText(/密码须包含数字、小写字母、大写字母、特殊字符中的至少3类/)).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();

  await page.getByLabel('用户名').fill(NEW_USER.username);
  await page.getByLabel('电子邮箱').fill(NEW_USER.email);
  await page.getByLabel('密码', { exact: true }).fill(NEW_USER.password);
  await page.getByLabel('确认密码').fill(NEW_USER.password);
  await page.getByLabel('手机号').fill(NEW_USER.phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.locator('.kc-send-sms')).toBeDisabled();
  await page.getByLabel('短信验证码').fill(await latestSms(request, NEW_USER.phone));
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.locator('.kc-register-done')).toContainText('24小时内有效');

  // Inactive until the mailed link is followed.
  expect(await loginAnswer(request, NEW_USER.username, NEW_USER.password)).toBe(403);
  const mail = (await (await request.get(`/api/dev/outbox/mail?to=${encodeURIComponent(NEW_USER.email)}`)).json()) as {
    data: { text: string };
  };
  const activation = /\/api\/oauth\/activate\?token=[\w-]+/.exec(mail.data.text)?.[0];
  if (!activation) throw new Error(`no activation link in ${mail.data.text}`);
  expect((await request.get(activation)).ok()).toBe(true);

  await page.goto('/login');
  await page.getByLabel('用户名').fill(NEW_USER.username);
  await page.getByLabel('密码', { exact: true }).fill(NEW_USER.password);
  await submitLogin(page);
  await expect(page).toHaveURL(/\/home$/);
});

test('single sign-on with the development provider: bind on first use (授权), then straight in through the cookie', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.locator('.kc-sso-login').click();
  // The subject is not linked yet: the binding page, named userLogin (授权), with a ticket.
  await expect(page).toHaveURL(/\/user\/login\?ticket=[^&]+&redirect=%2F$/);
  await expect(page.locator('.kc-passport-header')).toHaveText('授权');
  await page.getByLabel('用户名').fill(NEW_USER.username);
  await page.getByLabel('密码', { exact: true }).fill(NEW_USER.password);
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const bound = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  expect(bound).toBeTruthy();

  // Logged out, the same provider login now goes straight in: the token arrives as the cookie
  // Access-Token and the navigation syncs it into localStorage.
  await request.post('/api/oauth/logout', { headers: { Authorization: `Bearer ${bound}` } });
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/login');
  await page.locator('.kc-sso-login').click();
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  expect(token).toBeTruthy();
  expect(token).not.toBe(bound);
  const info = await request.get('/api/integrity/app/user/settings/info', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await info.json()) as { data: { username: string } }).data.username).toBe(NEW_USER.username);
});
