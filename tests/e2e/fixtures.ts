import { expect, test as base, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { DEMO_STAFF, demoPhoneOf, demoTotpCodeAt, reserveTotpStep } from './totp-steps';

export const DEMO_PASSWORD = 'Kechuang@2026';
export const CAPTCHA_ANSWER = 'e2e-captcha';

interface PageFixtures {
  /** Fails the test on any CSP violation or uncaught page error; applied to every test. */
  pageGuard: void;
  /** A page whose localStorage already holds the applicant's token (logged in through the API). */
  applicantPage: Page;
}

interface WorkerFixtures {
  applicantToken: string;
}

/** The seconds a 429 asks to wait (its Retry-After, at most a minute), plus one. */
function waitAsked(headers: Record<string, string>): number {
  return Math.min(Number(headers['retry-after'] ?? 60) || 60, 60) + 1;
}

/** Gives the running test `seconds` more, so that a wait the server asked for is not its timeout. */
function allowWait(seconds: number): void {
  test.info().setTimeout(test.info().timeout + seconds * 1000);
}

/**
 * Posts to a login route. The login routes allow 10 calls a minute per address (SECURITY R28), and every
 * e2e call comes from 127.0.0.1: when a quick stretch of specs has used them up, this waits as the answer
 * says and asks again, as a client would. A refusal other than 429 is returned as it is.
 */
export async function postLogin(
  request: APIRequestContext,
  data: { username: string; password: string },
  route: '/api/sys/user/login' | '/api/oauth/login' = '/api/sys/user/login',
): Promise<APIResponse> {
  let response = await request.post(route, { data: { ...data, code: '2' } });
  for (let tries = 0; response.status() === 429 && tries < 2; tries += 1) {
    const seconds = waitAsked(response.headers());
    allowWait(seconds);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    response = await request.post(route, { data: { ...data, code: '2' } });
  }
  // A staff role answers MFA_REQUIRED (SECURITY R06): the second step, as the login page does it.
  const mfa = response.ok()
    ? ((await response.json()) as { result?: { mfa?: { token: string; enrolled: boolean; smsAllowed: boolean } } }).result?.mfa
    : undefined;
  if (mfa && DEMO_STAFF.has(data.username)) return secondStepThroughApi(request, data.username, mfa.token);
  // A demo account granted a staff role in a spec has no authenticator: its SMS code, where the role allows it.
  const phone = demoPhoneOf(data.username);
  if (mfa && !mfa.enrolled && mfa.smsAllowed && phone) return smsSecondStep(request, phone, mfa.token);
  return response;
}

/** Retries a call a 429 refused, after the wait it asks (the per-address and per-phone budgets). */
async function withRetryAfter(call: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let tries = 0; ; tries += 1) {
    const response = await call();
    if (response.status() !== 429 || tries === 2) return response;
    const seconds = waitAsked(response.headers());
    allowWait(seconds);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

/** The SMS fallback through the API: send, read the development outbox, verify. */
async function smsSecondStep(request: APIRequestContext, phone: string, mfaToken: string): Promise<APIResponse> {
  const headers = { authorization: `Bearer ${mfaToken}` };
  const sent = await withRetryAfter(() => request.post('/api/sys/user/mfa/sms', { headers }));
  if (!sent.ok()) return sent;
  const outbox = (await (await request.get(`/api/dev/outbox/sms?phone=${phone}`)).json()) as { data?: { text?: string } };
  const code = /验证码为\s*(\d{6})/.exec(outbox.data?.text ?? '')?.[1] ?? '';
  return withRetryAfter(() => request.post('/api/sys/user/mfa/verify', { headers, data: { method: 'sms', code } }));
}

/** The server the running test talks to, which keys the spent TOTP steps. */
function currentBaseURL(): string {
  try {
    return test.info().project.use.baseURL ?? 'default';
  } catch {
    return 'default';
  }
}

/** The next TOTP code of a demo staff account this server will take, waiting for a fresh step if need be. */
export async function nextDemoTotpCode(username: string): Promise<string> {
  const { step, waitMs } = reserveTotpStep(currentBaseURL(), username);
  if (waitMs > 0) {
    allowWait(Math.ceil(waitMs / 1000));
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
  return demoTotpCodeAt(username, step);
}

/** POST /api/sys/user/mfa/verify with the seed's secret; a 429 (10 a minute per address) waits as asked. */
async function secondStepThroughApi(request: APIRequestContext, username: string, mfaToken: string): Promise<APIResponse> {
  for (let tries = 0; ; tries += 1) {
    const response = await request.post('/api/sys/user/mfa/verify', {
      headers: { authorization: `Bearer ${mfaToken}` },
      data: { method: 'totp', code: await nextDemoTotpCode(username) },
    });
    if (response.status() !== 429 || tries === 2) return response;
    const seconds = waitAsked(response.headers());
    allowWait(seconds);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

export async function loginThroughApi(request: APIRequestContext, username: string): Promise<string> {
  const response = await postLogin(request, { username, password: DEMO_PASSWORD });
  const body = (await response.json()) as { success?: boolean; result?: { token?: string } };
  const token = body.result?.token;
  if (!response.ok() || !token) throw new Error(`login as ${username} failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return token;
}

const LOGIN_CALL = /^\/api\/(sys\/user|oauth)\/login$/;

/**
 * Clicks the login form's 登录 and waits for the server's answer, whose status it returns. When the
 * address's login budget is spent (see postLogin), the page shows the 429's message; this waits as its
 * Retry-After says and clicks again, as a person told to try later would.
 */
export async function submitLogin(page: Page, button: Locator = page.getByRole('button', { name: '登录', exact: true })): Promise<number> {
  for (let tries = 0; ; tries += 1) {
    const answer = page.waitForResponse(
      (response) => response.request().method() === 'POST' && LOGIN_CALL.test(new URL(response.url()).pathname),
    );
    await button.click();
    const response = await answer;
    if (response.status() === 200) {
      const body = (await response.json()) as { reason?: string; result?: { mfa?: { enrolled?: boolean } } };
      const username = (response.request().postDataJSON() as { username?: string } | null)?.username;
      // A demo staff account's second step (SECURITY R06): its code from the seed's secret, as an authenticator shows it.
      if (body.reason === 'MFA_REQUIRED' && body.result?.mfa?.enrolled && username && DEMO_STAFF.has(username))
        return enterTotpCode(page, username);
    }
    if (response.status() !== 429 || tries === 2) return response.status();
    const seconds = waitAsked(response.headers());
    allowWait(seconds);
    await page.waitForTimeout(seconds * 1000);
  }
}

const MFA_VERIFY_CALL = '/api/sys/user/mfa/verify';

/** Types the demo account's next TOTP code into the login page's second step and sends it; answers the status. */
export async function enterTotpCode(page: Page, username: string): Promise<number> {
  for (let tries = 0; ; tries += 1) {
    const field = page.getByLabel('动态验证码');
    await field.fill(await nextDemoTotpCode(username));
    const answer = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === MFA_VERIFY_CALL,
    );
    await page.getByRole('button', { name: '验证并登录' }).click();
    const response = await answer;
    if (response.status() !== 429 || tries === 2) return response.status();
    const seconds = waitAsked(response.headers());
    allowWait(seconds);
    await page.waitForTimeout(seconds * 1000);
  }
}

/**
 * A token per demo account for one spec file: the login route allows 10 calls a minute per address
 * (SECURITY R28), and every e2e call comes from 127.0.0.1. Call it from a spec's module scope only.
 */
export function tokenCache(): (request: APIRequestContext, username: string) => Promise<string> {
  const tokens = new Map<string, Promise<string>>();
  return (request, username) => {
    let token = tokens.get(username);
    if (!token) {
      token = loginThroughApi(request, username);
      tokens.set(username, token);
    }
    return token;
  };
}

export const test = base.extend<PageFixtures, WorkerFixtures>({
  pageGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // A violation the console might word differently still reaches this listener.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
        });
      });
      await use();
      expect(problems, 'CSP violations and page errors').toEqual([]);
    },
    { auto: true },
  ],

  applicantToken: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await loginThroughApi(request, 'applicant'));
      await request.dispose();
    },
    { scope: 'worker' },
  ],

  applicantPage: async ({ page, applicantToken }, use) => {
    await page.addInitScript((token) => {
      if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', token);
    }, applicantToken);
    await use(page);
  },
});

export { expect };

/** Logs in through the login page, as a person does (not by injecting a token); where it lands is the caller's to check. */
export async function logInThroughPage(page: Page, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await submitLogin(page);
}

/**
 * After a login through the page, a user of several units (the demo applicant) chooses one in the
 * dialog that cannot be missed (issue 31): `unit`, or the one preselected, then 确定.
 */
export async function confirmUnitChoice(page: Page, unit?: string): Promise<void> {
  const dialog = page.locator('.kc-unit-chooser');
  await expect(dialog).toBeVisible();
  if (unit) await dialog.getByRole('radio', { name: unit }).check();
  await dialog.getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
  await expect(dialog).toBeHidden();
}

/** The floating message-board button. */
export const boardButton = (page: Page) => page.getByRole('button', { name: '在线留言' });

/** The Formily form item whose label is `label`. */
export const formItem = (page: Page, label: string) =>
  page.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label label', { hasText: new RegExp(`^${label}$`) }) });

/**
 * Confirms a workflow dialog with its button and waits for it to close. A click that lands while the
 * dialog is still zooming in can be lost on a loaded machine, so the click is retried while the
 * dialog stays open (a second decision would only meet the version check).
 */
export async function confirmDialog(page: Page, name: string): Promise<void> {
  const modal = page.locator('.ant-modal');
  const button = modal.getByRole('button', { name, exact: true });
  // The dialog opens a render after the click that asks for it: waiting for it first keeps a check made
  // too early from finding "no dialog" and returning without confirming anything.
  await expect(button).toBeVisible();
  await expect(async () => {
    if (await modal.isVisible()) await button.click({ timeout: 2_000 });
    await expect(modal).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** The links of a main-menu entry's popup (科研诚信 and the like), opened by hovering it. */
export async function menuLinks(page: Page, menu: string) {
  await page.locator('.kc-main-nav').getByRole('menuitem', { name: menu }).hover();
  return page.locator('.ant-menu-submenu-popup').getByRole('link');
}

/**
 * A main-menu entry's popup lists exactly these links. Hovered again until it does: a popup opened while
 * the frame is still settling (its second commit, the generated menu arriving on a loaded machine) can
 * close under the pointer.
 */
export async function expectMenuLinks(page: Page, menu: string, texts: readonly string[]): Promise<void> {
  await expect(async () => {
    await expect(await menuLinks(page, menu)).toHaveText([...texts], { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Follows a link of a main-menu popup until the page is there (a click that lands while the popup
 * still zooms in can be lost on a loaded machine), then moves the pointer away and waits for the
 * popup to close: a popup left open under a resting pointer covers the page's own buttons.
 */
export async function openFromMenu(page: Page, menu: string, link: string): Promise<void> {
  await expect(async () => {
    const target = (await menuLinks(page, menu)).filter({ hasText: new RegExp(`^${link}$`) });
    const href = (await target.getAttribute('href', { timeout: 3_000 })) ?? '';
    await target.click({ timeout: 3_000 });
    await expect(page).toHaveURL((url) => url.pathname + url.search === href, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await movePointerAway(page, page.locator('.ant-menu-submenu-popup'));
}

/**
 * Acts until `reached` shows: a click that lands while its control still zooms in or the page still settles
 * can be lost on a loaded machine (issue 29). Acts again only while `reached` is not there, so an action
 * that did take is never repeated.
 */
export async function actUntil(act: () => Promise<void>, reached: Locator): Promise<void> {
  await expect(async () => {
    if (!(await reached.isVisible())) await act();
    await expect(reached).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 40_000 });
}

/**
 * Moves the pointer off a hover popup and waits for it to close. A popup that re-opened under the
 * pointer (a click that landed while it still zoomed, a header that re-rendered) got no event from a
 * move to where the pointer already was, and stayed open on a loaded machine (issue 29), so each try
 * moves the pointer from somewhere else first.
 */
export async function movePointerAway(page: Page, popup: Locator): Promise<void> {
  await expect(async () => {
    // A popup that opened while the pointer jumped (Playwright moves it in one step, a person's hand
    // does not) has seen no pointer to leave it: the pointer enters it first, then leaves.
    const open = popup.filter({ visible: true }).first();
    if (await open.isVisible()) await open.hover({ timeout: 1_000 }).catch(() => undefined);
    await page.mouse.move(8, 8);
    await page.mouse.move(0, 0);
    await expect(popup.filter({ visible: true })).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens an entry of the account menu (the user's name in the header) and waits for its page's heading.
 * Then the pointer moves away and the menu must close: a hover menu left open under the pointer covers
 * the page's own buttons, and the pointer resting on it to click one of them keeps it open.
 */
export async function openAccountEntry(page: Page, name: string): Promise<void> {
  await page.locator('.kc-user-menu').hover();
  await page.locator('.ant-dropdown-menu').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await movePointerAway(page, page.locator('.ant-dropdown'));
}

/** The error text under a form item. */
export const fieldError = (page: Page, label: string) => formItem(page, label).locator('.ant-formily-item-error-help');

export async function openDrawer(page: Page) {
  await boardButton(page).click();
  const drawer = page.locator('.kc-message-drawer .ant-drawer-content');
  await expect(drawer.locator('.ant-drawer-title')).toHaveText('在线留言');
  await expect(formItem(page, '主题')).toBeVisible();
  return drawer;
}

/** The element is on screen with nothing over its middle (the demo banner, issue 30 item 9). */
export async function expectUncovered(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('no box');
  const covered = await target.evaluate(
    (element, point) => {
      const top = document.elementFromPoint(point.x, point.y);
      return top !== null && !element.contains(top) && !top.contains(element);
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(covered, 'covered by another element').toBe(false);
}
