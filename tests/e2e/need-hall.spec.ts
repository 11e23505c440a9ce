import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, formItem, openAccountEntry, openFromMenu, test, tokenCache } from './fixtures';
import { publicItemLinks } from './public-list-helpers';
import { putSession } from './session-helpers';

/**
 * 需求大厅 (issue 30 item 6), from the need and need-contact folders: a visitor reaches the hall from
 * /home, filters it and opens a need whose contact stays private, and is asked to log in to get in
 * touch; a logged-in user sends a 对接 request, and the need's owner finds it in the account area.
 */
test.describe.configure({ timeout: 120_000 });

const tokenOf = tokenCache();

/** The hall's cards (layout cards). */
const hallCards = (page: Page) => page.locator('.kc-list-need-hall .kc-card');

/** Chooses a value of one of the hall's facets, and waits for its page. */
async function filterBy(page: Page, label: string, option: string): Promise<void> {
  const value = page.locator('.kc-facet', { hasText: label }).locator('.ant-radio-button-wrapper', { hasText: new RegExp(`^${option}$`) });
  await value.click();
  // The router changes the address before React draws its page: until the value shows checked, aria-busy
  // still speaks of the page before (run 4 of stop 41 opened a card of that page).
  await expect(value).toHaveClass(/ant-radio-button-wrapper-checked/);
  await expect(page.locator('.kc-public-list')).toHaveAttribute('aria-busy', 'false');
}

/** One of the applicant's published needs (the demo seeds several), read through their own list. */
async function publishedNeedOf(request: APIRequestContext, token: string): Promise<{ id: string; title: string }> {
  const response = await request.post('/api/sys/person/need/queryMyNeedList', {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'approved', pageNo: 1, pageSize: 50 },
  });
  const records = ((await response.json()) as { data: { records: { id: string; data: { needTitle: string } }[] } }).data.records;
  const need = records.find((record) => record.data.needTitle === '分布式光伏运维平台A轮融资') ?? records[0];
  if (!need) throw new Error('the applicant has no published need in the demo');
  return { id: need.id, title: need.data.needTitle };
}

test('a visitor goes from /home to the needs hall, filters it, opens a need without its contact, and is asked to log in to get in touch', async ({
  page,
}) => {
  await page.goto('/home');
  await openFromMenu(page, '科技服务', '需求大厅');
  await expect(page).toHaveURL(/\/home\/need\/list$/);
  await expect(page.getByRole('heading', { name: '需求大厅' }).first()).toBeVisible();
  await expect.poll(() => page.title()).toMatch(/^需求大厅 - /);
  await expect(hallCards(page)).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, 'the needs hall');

  // By type: every card shown carries that type's tag; then all types again, and the query leaves the address.
  await filterBy(page, '需求类型', '融资需求');
  await expect(page).toHaveURL(/needType=/);
  await expect(hallCards(page).first()).toContainText('融资需求');
  for (const card of await hallCards(page).all()) await expect(card).toContainText('融资需求');
  await filterBy(page, '需求类型', '全部');
  await expect(page).not.toHaveURL(/needType=/);
  await filterBy(page, '技术领域', '新材料');
  await expect(page).toHaveURL(/field=/);
  await expect(hallCards(page).first()).toBeVisible();

  const link = publicItemLinks(page, 'need', 'hall').first();
  const title = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/home\/need\/detail\?id=/);
  const fields = page.locator('.kc-article');
  await expect(page.locator('.kc-article-heading')).toHaveText(title);
  await expect(fields).toContainText('新材料');
  await expect(fields).toContainText('需求描述');
  // The contact person stays on the server, and the page shows no empty rows for it.
  await expect(fields).not.toContainText('联系人');
  await expect(fields).not.toContainText('联系电话');
  await expect(page.locator('.kc-record-history')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'a need for a visitor');

  await page.getByRole('link', { name: '我要对接' }).click();
  await expect(page).toHaveURL(/\/home\/need\/contact\?needId=.+&needTitle=/);
  await expect(page.locator('.kc-about-target')).toContainText(title);
  await expect(page.locator('.kc-login-required')).toContainText('请先登录');
  await expect(page.getByRole('button', { name: '发送' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'the contact form for a visitor');
});

test("a user sends a 对接 request from a need's page, and the need's owner finds it under 收到的对接", async ({
  browser,
  page,
  request,
}) => {
  const need = await publishedNeedOf(request, await tokenOf(request, 'applicant'));
  const phone = `139${String(Date.now()).slice(-8)}`;
  await page.goto('/home');
  await putSession(page, await tokenOf(request, 'member'));
  await page.goto('/home/need/list');
  await page.locator('.kc-list-search input').fill(need.title);
  await page.locator('.kc-list-search input').press('Enter');
  await expect(publicItemLinks(page, 'need', 'hall')).toHaveCount(1);
  await publicItemLinks(page, 'need', 'hall').getByText(need.title, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/home/need/detail\\?id=${need.id}`));
  await page.getByRole('link', { name: '我要对接' }).click();

  await expect(page.getByRole('heading', { name: '我要对接' })).toBeVisible();
  await expect(page.locator('.kc-about-target')).toContainText(`科技需求${need.title}`);
  await expect(page.locator('.kc-login-required')).toHaveCount(0);
  await formItem(page, '对接说明')
    .locator('textarea')
    .fill('我们在储能电站运维数据分析方面有成熟产品，希望了解平台的接入方式并洽谈投资合作。');
  await formItem(page, '所在单位').locator('input').fill('晴川新能源科技有限公司');
  await formItem(page, '联系人').locator('input').fill('刘畅');
  await formItem(page, '联系电话').locator('input').fill(phone);
  await formItem(page, '电子邮箱').locator('input').fill('liuchang@example.com');
  await expectNoSeriousA11yViolations(page, 'the contact form');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/need/contact/sent\\?needId=${need.id}`));
  await expect(page.getByRole('heading', { name: '对接请求已发送' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the request sent');
  await page.getByRole('link', { name: '我的对接' }).click();
  const sent = page.locator('.kc-list-need-contact-mine .ant-table-row', { hasText: need.title });
  await expect(sent.first()).toContainText('已发送');

  const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const owner = await ownerContext.newPage();
  await owner.goto('/home');
  await putSession(owner, await tokenOf(request, 'applicant'));
  await owner.goto('/account/center');
  await expect(owner.locator('.kc-account-services')).toContainText('收到的对接');
  await openAccountEntry(owner, '收到的对接');
  const received = owner.locator('.kc-list-need-contact-received .ant-table-row', { hasText: phone });
  await expect(received).toContainText(need.title);
  await expect(received).toContainText('晴川新能源科技有限公司');
  await expect(received).toContainText('liuchang@example.com');
  await expectNoSeriousA11yViolations(owner, 'the contact requests received');
  await received.getByRole('link', { name: '查看' }).click();
  await expect(owner).toHaveURL(/\/resources\/need-contact\/detail\?id=/);
  await expect(owner.locator('.kc-record-fields')).toContainText('希望了解平台的接入方式');
  await expect(owner.locator('.kc-record-fields')).toContainText(phone);
  await expectNoSeriousA11yViolations(owner, 'a contact request for its need owner');
  await ownerContext.close();
});
