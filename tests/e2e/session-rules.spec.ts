import type { APIRequestContext } from '@playwright/test';
import { confirmUnitChoice, DEMO_PASSWORD, expect, postLogin, submitLogin, test } from './fixtures';
import { putSession } from './session-helpers';
import { R23_REDIRECT_CASES } from '../fixtures/open-redirect-cases';

/**
 * Spec §2/§4 session rules in the browser: the route guards, the token sync from the cookie, the
 * user-info failure path and the open-redirect cases of SECURITY R23. Tokens that get logged out
 * are fresh ones from /oauth/login, never the worker's shared applicant token.
 */

async function freshToken(request: APIRequestContext, username = 'applicant', password = DEMO_PASSWORD): Promise<string> {
  const response = await postLogin(request, { username, password }, '/api/oauth/login');
  const body = (await response.json()) as { result?: { token?: string } };
  const token = body.result?.token;
  if (!response.ok() || !token) throw new Error(`login as ${username} failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return token;
}

test.describe('route guards (spec §4)', () => {
  test('without a token, the account pages lead to /home', async ({ page }) => {
    for (const path of ['/account', '/account/center', '/account/settings']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/home$/);
    }
  });

  test('without a token, the passport pages open', async ({ page }) => {
    for (const [path, header] of [
      ['/login', '登录'],
      ['/login/public_login', '登录'],
      ['/login/legalLogin', '登录'],
      ['/login/forget', '找回密码'],
      ['/login/register', '注册'],
      ['/user/login', '授权'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('.kc-passport-header'), path).toHaveText(header);
    }
    await page.goto('/login/legalLogin');
    await expect(page.getByRole('tab', { name: '法人登录' })).toHaveAttribute('aria-selected', 'true');
  });

  test('with a token, every login path goes to / (→ /home) and the account pages open', async ({ applicantPage: page }) => {
    for (const path of ['/login', '/login/public_login', '/login/legalLogin', '/login/forget', '/login/register', '/user/login']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/home$/);
    }
    await page.goto('/account/center');
    await expect(page).toHaveURL(/\/account\/center$/);
    await expect(page.locator('.kc-account-greeting')).toContainText(/^(早上好|上午好|中午好|下午好|晚上好)，张伟$/);
  });

  test('the token is synced from the cookie Access-Token into localStorage on navigation', async ({ page, applicantToken }) => {
    await page.context().addCookies([{ name: 'Access-Token', value: applicantToken, url: 'http://127.0.0.1:3100/' }]);
    await page.goto('/account/center');
    await expect(page).toHaveURL(/\/account\/center$/);
    expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBe(applicantToken);
    const expiresAt = Number(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN_EXPIRES_AT')));
    expect(expiresAt - Date.now()).toBeGreaterThan(604_800_000 - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(604_800_000);
  });
});

test.describe('the stored user unit rule (spec §4)', () => {
  test('choosing a unit stores it for the token; the user info and the generated routes (科研诚信, by permission) are then loaded', async ({
    page,
    request,
  }) => {
    const token = await freshToken(request);
    await page.goto('/home');
    await putSession(page, token);
    const routeCalls: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/api/integrity/app/user/routes')) routeCalls.push(call.url());
    });
    await page.goto('/account/center');
    const switcher = page.locator('.kc-unit-switcher');
    // The applicant's two demo units (a settle-in approved by another spec may have added a third).
    await expect(switcher).toContainText('星河智能科技有限公司');
    await expect(switcher).toContainText('星河智能（深圳）研究院有限公司');
    // No unit stored for this token yet: only the dictionaries, no generated routes.
    expect(routeCalls).toEqual([]);

    const other = switcher
      .locator('.ant-list-item')
      .filter({ has: page.getByRole('button', { name: '设为当前单位' }) })
      .first();
    const name = ((await other.textContent()) ?? '').replace('设为当前单位', '').trim();
    const routesLoaded = page.waitForResponse((response) => response.url().includes('/api/integrity/app/user/routes') && response.ok());
    await other.getByRole('button', { name: '设为当前单位' }).click();
    await expect(page.getByText('已切换当前单位')).toBeVisible();
    const body = (await (await routesLoaded).json()) as { data: Array<{ meta: { title: string } }> };
    // Spec §6: menus depend on permissions. The applicant holds none, so no 科研诚信 page and no menu.
    expect(body.data).toEqual([]);
    // Spec §1/§4: for a role with a permission (the reviewer), the only generated menu is 科研诚信.
    const reviewerToken = await freshToken(request, 'reviewer');
    const reviewerRoutes = (await (
      await request.get('/api/integrity/app/user/routes', { headers: { Authorization: `Bearer ${reviewerToken}` } })
    ).json()) as typeof body;
    expect(reviewerRoutes.data.map((route) => route.meta.title)).toEqual(['科研诚信']);
    await request.post('/api/oauth/logout', { headers: { Authorization: `Bearer ${reviewerToken}` } });
    const stored = await page.evaluate(() => document.cookie.split('; ').find((part) => part.startsWith('userUnit=')));
    const unit = JSON.parse(decodeURIComponent(stored?.slice('userUnit='.length) ?? '{}')) as {
      token?: string;
      isSelect?: number;
      name?: string;
    };
    expect(unit).toMatchObject({ token, isSelect: 1, name });
    await expect(page.locator('.kc-current-unit')).toHaveText(name);
    await request.post('/api/oauth/logout', { headers: { Authorization: `Bearer ${token}` } });
  });
});

test.describe('a failed user-info fetch (spec §4, §8)', () => {
  test('notifies 错误 / 请求用户信息失败，请重试, logs out, redirects to the login with the target, reloads after 1 s', async ({
    page,
    request,
  }) => {
    const token = await freshToken(request);
    await page.goto('/home');
    await putSession(page, token, { isSelect: 1 });
    await page.route('**/api/integrity/app/user/settings/info', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: '服务器错误' }) }),
    );
    const logouts: string[] = [];
    page.on('request', (call) => {
      if (/\/api\/(oauth|sys\/user)\/logout$/.test(call.url())) logouts.push(call.url());
    });

    await page.goto('/account/settings?tab=security');
    const reloaded = page.waitForEvent('load', { timeout: 10_000 });
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Faccount%2Fsettings%3Ftab%3Dsecurity$/);
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '请求用户信息失败，请重试' }).first();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('错误');
    await reloaded;
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Faccount%2Fsettings%3Ftab%3Dsecurity$/);

    expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'userUnit')).toBeUndefined();
    expect(cookies.find((cookie) => cookie.name === 'Access-Token')?.value ?? '').toBe('');
    expect(logouts.length).toBeGreaterThan(0);
    // Revoked on the server: the old token no longer works.
    const replay = await request.get('/api/integrity/app/user/settings/info', { headers: { Authorization: `Bearer ${token}` } });
    expect(replay.status()).toBe(401);
  });
});

test.describe('open redirect after login (SECURITY R23)', () => {
  test('a real login with redirect=https://evil.com lands on the portal’s own start', async ({ page }) => {
    await page.goto(`/user/login?redirect=${encodeURIComponent('https://evil.com')}`);
    await page.getByLabel('用户名').fill('applicant');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await submitLogin(page);
    // The demo applicant belongs to two units: a login asks which (issue 31).
    await confirmUnitChoice(page);
    // The portal's own start: /home, or the workbench once the applicant administers a unit with a queue
    // (check-in.spec makes them one).
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:3100\/(home|workbench)$/);
  });

  // Every R23 value through the real page; the login answer is stubbed with a live token so that ten
  // logins do not run into the login rate limit (10 a minute, SECURITY R28).
  test('every R23 value lands on the portal with no dialog; a same-site path is kept', async ({ page, applicantToken }) => {
    // Eleven logins through the page.
    test.setTimeout(120_000);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.route('**/api/sys/user/login', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, code: 200, msg: 'ok', result: { token: applicantToken } }),
      }),
    );
    const logIn = async (target: string): Promise<void> => {
      await page.context().clearCookies();
      if (page.url().startsWith('http')) await page.evaluate(() => localStorage.clear());
      await page.goto(`/user/login?redirect=${encodeURIComponent(target)}`);
      await page.getByLabel('用户名').fill('applicant');
      await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      // The demo applicant belongs to two units: a login asks which (issue 31).
      await confirmUnitChoice(page);
    };
    for (const target of R23_REDIRECT_CASES) {
      await logIn(target);
      await expect(page, target).toHaveURL(/^http:\/\/127\.0\.0\.1:3100\/(home|workbench)$/);
    }
    await logIn('/activities?tab=a');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:3100\/activities\?tab=a$/);
    expect(dialogs).toBe(0);
  });
});
