import { input } from './activity-helpers';
import { expectNoSeriousA11yViolations } from './axe-check';
import { CAPTCHA_ANSWER, expect, expectUncovered, test, tokenCache } from './fixtures';
import { publicItemLinks } from './public-list-helpers';
import { putUnitSession } from './session-helpers';

/**
 * Events (issue 14): the list, an event's page and its sign-up as a visitor; the editor's detail with
 * the venue's QR code; and on a phone (375×667) signing in from the QR link, once only.
 */
test.describe.configure({ timeout: 120_000 });

const tokenOf = tokenCache();

interface EventRecord {
  id: string;
  data: { title: string; startsAt: string; endsAt: string };
}

async function eventsOf(request: import('@playwright/test').APIRequestContext): Promise<EventRecord[]> {
  const response = await request.post('/api/resources/event/lists/published', { data: { pageNo: 1, pageSize: 50 } });
  return ((await response.json()) as { data: { records: EventRecord[] } }).data.records;
}

const isOn = (event: EventRecord): boolean => Date.parse(event.data.startsAt) <= Date.now() && Date.now() < Date.parse(event.data.endsAt);

test('a visitor browses the events and signs up for one to come', async ({ page, request }) => {
  const coming = (await eventsOf(request)).find((event) => Date.parse(event.data.startsAt) > Date.now() + 3_600_000);
  if (!coming) throw new Error('no event to come in the demo');
  await page.goto('/home/event');
  await expect.poll(() => page.title()).toMatch(/^科技活动 - /);
  await expect(publicItemLinks(page, 'event', 'published')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, 'the events');

  // The agenda lists what is on and to come first, soonest first: the first event to come is on its first page.
  await page.getByRole('link', { name: coming.data.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/home/event/detail\\?id=${coming.id}`));
  await expect(page.getByText(coming.data.title).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'an event');
  // Still to come: 我要报名 is offered, with nothing said against it.
  await expect(page.getByRole('button', { name: '我要报名' })).toBeEnabled();
  await expect(page.getByText('活动已经开始，报名已截止')).toHaveCount(0);
  await page.getByRole('link', { name: '我要报名' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/event/sign\\?eventId=${coming.id}`));
  await input(page, '姓名', '林晓');
  await input(page, '手机号', '13600001234');
  await input(page, '验证码', CAPTCHA_ANSWER);
  await expectNoSeriousA11yViolations(page, 'the sign-up form');
  // Signing up sends at once (submitMode submit): one button, 提交.
  await expect(page.getByRole('button', { name: '保存' })).toHaveCount(0);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.locator('.kc-record-sent')).toBeVisible();
});

test('an event that has started shows 我要报名 disabled, saying why (issue 30 item 5)', async ({ page, request }) => {
  const started = (await eventsOf(request)).find((event) => Date.parse(event.data.startsAt) <= Date.now());
  if (!started) throw new Error('no event started in the demo');
  await page.goto(`/home/event/detail?id=${started.id}`);
  await expect(page.getByText(started.data.title).first()).toBeVisible();
  const signUp = page.getByRole('button', { name: '我要报名' });
  await expect(signUp).toBeDisabled();
  // The reason is written beside the button and is its description, not only a tooltip.
  await expect(page.getByText('活动已经开始，报名已截止')).toBeVisible();
  await expect(signUp).toHaveAccessibleDescription('活动已经开始，报名已截止');
  await expect(page.getByRole('link', { name: '我要报名' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'an event that has started');
});

test("the editor sees the sign-in QR code on an event's detail", async ({ page, request }) => {
  const event = (await eventsOf(request)).find(isOn);
  if (!event) throw new Error('no event on now');
  await page.goto('/home');
  await putUnitSession(page, await tokenOf(request, 'editor'));
  await page.goto(`/resources/event/detail?id=${event.id}`);
  const code = page.locator('.kc-qr-code');
  await expect(code.locator('img')).toBeVisible();
  await expect(code).toContainText(`/mobile/sign?eventId=${event.id}`);
  await expectNoSeriousA11yViolations(page, 'an event for its editor');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('signs in to an event on now from its QR link, sees the success page, and cannot sign in twice', async ({ page, request }) => {
    const event = (await eventsOf(request)).find(isOn);
    if (!event) throw new Error('no event on now');
    const phone = `139${String(Date.now()).slice(-8)}`;
    await page.goto(`/mobile/sign?eventId=${event.id}`);
    await expect.poll(() => page.title()).toMatch(/^活动签到 - /);
    // The form says which event it is for, and marks the captcha required, as the server asks for it.
    await expect(page.locator('.kc-about-target')).toContainText(`科技活动${event.data.title}`);
    await expect(page.locator('.ant-formily-item', { hasText: '验证码' }).locator('.ant-formily-item-asterisk')).toBeVisible();
    // Nothing is wider than the phone, and the demo banner covers none of the form.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectUncovered(page, page.locator('.kc-mobile-header'));
    await expectUncovered(page, page.getByRole('heading', { name: '活动签到' }));
    await expectUncovered(page, page.getByRole('button', { name: '签到' }));
    await input(page, '姓名', '赵磊');
    await input(page, '手机号', phone);
    await input(page, '验证码', CAPTCHA_ANSWER);
    await expectNoSeriousA11yViolations(page, 'the sign-in form on a phone');
    await page.getByRole('button', { name: '签到' }).click();
    await expect(page).toHaveURL(/\/mobile\/sign\/success\?eventId=/);
    await expect(page.getByRole('heading', { name: '签到成功' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the sign-in success on a phone');
    await page.getByRole('link', { name: '查看活动信息' }).click();
    await expect(page).toHaveURL(new RegExp(`/mobile/active_info\\?id=${event.id}`));
    await expect(page.getByText(event.data.title).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, 'the event on a phone');

    await page.goto(`/mobile/sign?eventId=${event.id}`);
    await input(page, '姓名', '赵磊');
    await input(page, '手机号', phone);
    await input(page, '验证码', CAPTCHA_ANSWER);
    await page.getByRole('button', { name: '签到' }).click();
    await expect(page.getByText('这个手机号已经签到过了，无需重复签到').first()).toBeVisible();
    await expect(page).toHaveURL(/\/mobile\/sign\?eventId=/);
  });

  test('a QR link to no event says so at once, and offers nothing to send', async ({ page }) => {
    await page.goto('/mobile/sign?eventId=00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('没有找到这个活动，请重新扫描活动现场的签到二维码')).toBeVisible();
    await expect(page.getByRole('button', { name: '签到' })).toBeDisabled();
  });
});

test('a visitor opens a financial product and the show-case’s other views', async ({ page }) => {
  // Every public section's list and record, in its layout, is walked by public-layouts.spec.ts.
  await page.goto('/home/financing');
  await expect.poll(() => page.title()).toMatch(/^金融超市 - /);
  const product = publicItemLinks(page, 'product', 'published').first();
  const name = (await product.textContent()) ?? '';
  await product.click();
  await expect(page).toHaveURL(/\/home\/financing\/detail\?id=/);
  await expect(page.locator('.kc-article-heading')).toHaveText(name);
  // A product leads to the financing applications.
  await page.getByRole('link', { name: '申请融资' }).click();
  await expect(page).toHaveURL(/\/home\/financing\/application_notes/);
  const id = new URL(page.url()).searchParams.get('id');
  expect(id).toBeNull();
  // The show-case's other views are lists of the same folder; bj-detail is its detail too.
  for (const [path, list, title] of [
    ['/home/toshow/moreList', 'published', '更多成果'],
    ['/home/toshow/carousel', 'carousel', '成果轮播'],
    ['/home/toshow/doubleInnovation', 'double', '双创风采'],
  ] as const) {
    await page.goto(path);
    await expect.poll(() => page.title(), path).toMatch(new RegExp(`^${title} - `));
    await expect(publicItemLinks(page, 'showcase', list).first()).toBeVisible();
  }
  const item = publicItemLinks(page, 'showcase', 'double').first();
  const itemTitle = (await item.textContent()) ?? '';
  const href = (await item.getAttribute('href')) ?? '';
  await page.goto(href.replace('/home/toshow/detail', '/home/toshow/bj-detail'));
  await expect(page).toHaveURL(/\/home\/toshow\/bj-detail\?id=/);
  await expect(page.locator('.kc-article-heading')).toHaveText(itemTitle);
  await page.goto('/home/financingDetail?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('404').first()).toBeVisible();
});
