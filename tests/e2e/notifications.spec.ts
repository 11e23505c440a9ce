import { unifiedSocialCreditCheckChar } from '../../src/shared/rules/unified-social-credit-code';
import { expectNoSeriousA11yViolations } from './axe-check';
import { confirmUnitChoice, DEMO_PASSWORD, expect, submitLogin, test, tokenCache } from './fixtures';

/**
 * 消息中心 (issue 31 item 4): the applicant's financing application is approved by the reviewer (through
 * the API); the applicant, logged in through the login page, sees the bell's count grow, opens the
 * message centre, marks the notice read, follows its link to the record, and reads it all in English.
 */
const tokenOf = tokenCache();

function creditCode(): string {
  const first17 = `91420100MA4N${String(Date.now() % 100000).padStart(5, '0')}`;
  return first17 + unifiedSocialCreditCheckChar(first17);
}

test('the applicant is told of the decision: bell, message centre, link, mark read, in zh-CN and en-US', async ({ page, request }) => {
  test.slow();
  const company = `江城量子精密仪器有限公司 ${Date.now().toString(36)}`;
  const as = async (username: string) => ({ Authorization: `Bearer ${await tokenOf(request, username)}` });
  const post = async (username: string, url: string, data: unknown) => {
    const response = await request.post(url, { headers: await as(username), data });
    expect(response.ok(), `${url} ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: { id: string; version: number } }).data;
  };
  const created = await post('applicant', '/api/resources/financing/create', {
    applyType: 'equity',
    company,
    creditCode: creditCode(),
    round: 'a',
    equityAmount: 2000,
    equityShare: 10,
    valuation: 18000,
    projectIntro: '冷原子干涉重力仪工程样机，测量精度达到微伽级，已完成野外比对试验。',
    useOfFunds: '完成样机定型和小批量试产，建设计量检测实验室。',
    contactName: '何丽',
    contactPhone: '13700002222',
  });
  const submitted = await post('applicant', '/api/resources/financing/transitions/submit', { id: created.id, version: created.version });

  // The applicant logs in through the page.
  await page.goto('/user/login?redirect=%2Fhome');
  await page.getByLabel('用户名').fill('applicant');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await submitLogin(page);
  // The demo applicant belongs to two units: the portal asks which (issue 31 item 1).
  await confirmUnitChoice(page);
  // Home, or the workbench once the applicant administers a unit with a queue (check-in.spec makes them one).
  await expect(page).toHaveURL(/\/(home|workbench)$/);
  const bell = page.locator('.kc-notification-bell');
  await expect(bell).toBeVisible();
  // The count before the decision, from the server: the bell may not have asked yet (run 4 of stop 41 read 0 too early).
  const unread = await request.get('/api/notifications/unread-count', { headers: await as('applicant') });
  expect(unread.ok(), await unread.text()).toBe(true);
  const before = ((await unread.json()) as { data: { count: number } }).data.count;

  // The reviewer decides; the next navigation asks the bell again.
  await post('reviewer', '/api/resources/financing/transitions/approve', {
    id: submitted.id,
    version: submitted.version,
    note: '已推荐给合作投资机构',
  });
  await page.goto('/activities');
  await expect(page.getByRole('link', { name: `消息通知（${before + 1}条未读）` })).toBeVisible();

  await page.getByRole('link', { name: `消息通知（${before + 1}条未读）` }).click();
  await expect(page).toHaveURL(/\/account\/notifications$/);
  await expect(page).toHaveTitle(/消息中心/);
  const item = page.locator('.kc-notification', { hasText: company });
  await expect(item).toContainText('融资申请·审核通过');
  await expect(item).toContainText(`您的融资申请（${company}）已审核通过。已推荐给合作投资机构`);
  await expect(item).toContainText('未读');
  // The time is Beijing time to the minute.
  await expect(item.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expectNoSeriousA11yViolations(page, 'the message centre');

  await item.getByRole('button', { name: '标为已读' }).click();
  await expect(item).toContainText('已读');
  await expect(item.getByRole('button', { name: '标为已读' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: before === 0 ? '消息通知' : `消息通知（${before}条未读）` })).toBeVisible();

  await item.getByRole('link', { name: '查看记录' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/financing/detail\\?id=${submitted.id}$`));
  await expect(page.locator('.kc-record-status')).toHaveText('审核通过');

  // The same in English, and at 390 px.
  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account/notifications');
  await expect(page).toHaveTitle(/Messages/);
  // Read now, it is behind the unread ones that other specs' decisions left: newest first brings it back.
  await page.getByText('Newest first', { exact: true }).click();
  const english = page.locator('.kc-notification', { hasText: company });
  await expect(english).toContainText('Financing application · Approve');
  await expect(english).toContainText(`Your Financing application (${company}) was approved.`);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, 'the message centre in English');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});
