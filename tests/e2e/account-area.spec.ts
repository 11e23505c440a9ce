import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { CAPTCHA_ANSWER, confirmDialog, expect, formItem, openAccountEntry, test, tokenCache } from './fixtures';
import { putSession } from './session-helpers';

/**
 * The account area's screens (spec §2), every one a list file of a resource folder placed in the
 * account menu (list file accountMenu): 我的邀请 with a guest table of at most 5 (spec §9), 我的留言
 * with the commission's reply, and 我的收藏's empty state.
 */

const tokenOf = tokenCache();

async function signedIn(page: Page, token: string): Promise<void> {
  await page.goto('/home');
  await putSession(page, token);
  await page.goto('/account/center');
}

test('the applicant creates an invitation with 5 guests (no 6th), submits it and recalls it', async ({ page, request }) => {
  // A long flow with three axe checks, and the first spec of the run: it meets a cold server and cold chunks.
  test.slow();
  await signedIn(page, await tokenOf(request, 'applicant'));
  // The account centre lists the same entries as the menu.
  await expect(page.locator('.kc-account-services')).toContainText('我的邀请');
  await openAccountEntry(page, '我的邀请');
  await expect(page).toHaveTitle(/我的邀请/);
  await expectNoSeriousA11yViolations(page, 'my invitations');

  const title = `氢燃料电池电堆技术交流会 ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: '新建' }).click();
  await expect(page.getByRole('heading', { name: '新建邀请函' })).toBeVisible();
  await formItem(page, '邀请主题').locator('input').fill(title);
  await formItem(page, '邀请类型').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '技术交流' }).click();
  await formItem(page, '邀请单位').locator('input').fill('晴川新能源科技有限公司');
  await formItem(page, '活动日期').locator('input').click();
  await formItem(page, '活动日期').locator('input').fill('2027-04-16');
  await formItem(page, '活动日期').locator('input').press('Enter');
  await formItem(page, '活动地点').locator('input').fill('江城市高新区光谷大道77号会议中心');
  const guests = formItem(page, '邀请嘉宾');
  const rows = guests.locator('.ant-table-tbody tr.ant-table-row');
  const names = ['刘洋', '陈思远', '黄丽娟', '赵文博', '孙婷'];
  for (const [index, name] of names.entries()) {
    await guests.getByRole('button', { name: '添加一行' }).click();
    const row = rows.nth(index);
    await row.getByLabel('姓名').fill(name);
    await row.getByLabel('工作单位').fill('江城大学能源学院');
    await row.getByLabel('手机号').fill(`1390000100${index}`);
  }
  await expect(rows).toHaveCount(5);
  // The guest limit is 5 (spec §9): the add button is disabled and says why, on the guest field.
  await expect(guests.getByRole('button', { name: '添加一行' })).toHaveCount(0);
  await expect(guests.getByRole('button', { name: '嘉宾邀请人数上限为5人' })).toBeDisabled();
  await formItem(page, '联系人').locator('input').fill('周敏');
  await formItem(page, '联系电话').locator('input').fill('13600001111');
  await expectNoSeriousA11yViolations(page, 'the invitation form');
  // 邀请函 keeps a draft (resource.json submitMode draft) until 提交审核, here from its detail.
  await expect(page.getByRole('button', { name: '提交审核' })).toBeVisible();
  await page.getByRole('button', { name: '保存草稿' }).click();

  await expect(page).toHaveURL(/\/resources\/invite\/detail\?id=/);
  await expect(page.locator('.kc-record-status')).toHaveText('草稿');
  await expect(page.locator('.kc-record-fields')).toContainText('孙婷');
  await page.locator('.kc-record-actions').getByRole('button', { name: '提交审核' }).click();
  await confirmDialog(page, '提交审核');
  await expect(page.locator('.kc-record-status')).toHaveText('待审核');
  await page.locator('.kc-record-actions').getByRole('button', { name: '撤回' }).click();
  await confirmDialog(page, '撤回');
  await expect(page.locator('.kc-record-status')).toHaveText('草稿');
  await expect(page.locator('.kc-record-history')).toContainText('撤回');
  await expectNoSeriousA11yViolations(page, 'the invitation detail');
});

test('the reviewer answers a message; the applicant finds the reply in 我的留言', async ({ browser, page, request }) => {
  const applicantToken = await tokenOf(request, 'applicant');
  const theme = `研发费用加计扣除咨询 ${Date.now().toString(36)}`;
  const auth = { Authorization: `Bearer ${applicantToken}` };
  expect((await request.get('/api/sys/person/message/loginCode', { headers: auth })).ok()).toBe(true);
  const sent = await request.post('/api/sys/person/message/create', {
    headers: auth,
    data: {
      messageType: '3',
      theme,
      name: '张伟',
      phone: '13800000001',
      content: '企业委托外部机构研发的费用能否加计扣除？',
      code: CAPTCHA_ANSWER,
    },
  });
  expect(sent.ok()).toBe(true);

  const reviewerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto('/home');
  await putSession(reviewer, await tokenOf(request, 'reviewer'));
  await reviewer.goto('/resources/message/lists/review');
  await expect(reviewer.getByRole('heading', { name: '留言回复' })).toBeVisible();
  const row = reviewer.locator('.kc-schema-list tbody tr', { hasText: theme });
  await expect(row).toContainText('待回复');
  await expectNoSeriousA11yViolations(reviewer, 'the message reply list');
  await row.getByRole('button', { name: '回复' }).click();
  const modal = reviewer.locator('.ant-modal');
  await modal.locator('textarea').fill('可以，委托研发费用按实际发生额的80%计入加计扣除基数。');
  await modal.getByRole('button', { name: '回复' }).click();
  await expect(row).toContainText('已回复');
  await reviewerContext.close();

  await signedIn(page, applicantToken);
  await openAccountEntry(page, '我的留言');
  const mine = page.locator('.kc-schema-list tbody tr', { hasText: theme });
  await expect(mine).toContainText('已回复');
  await expect(mine).toContainText('委托研发费用按实际发生额的80%计入加计扣除基数');
  await expectNoSeriousA11yViolations(page, 'my messages');
});

test('我的收藏 shows its empty state, and the account menu works in English', async ({ page, request }) => {
  await signedIn(page, await tokenOf(request, 'applicant'));
  await openAccountEntry(page, '我的收藏');
  await expect(page.locator('.kc-schema-list')).toContainText('暂无收藏：收藏资讯、政策或活动后会显示在这里');
  await expectNoSeriousA11yViolations(page, 'my collection');
  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  await page.reload();
  await page.locator('.kc-user-menu').hover();
  const menu = page.locator('.ant-dropdown-menu');
  await expect(menu).toContainText('My invitations');
  await expect(menu).toContainText('My messages');
});

test('a guest finds an approved invitation under 收到的邀请 and accepts it once', async ({ page, request }) => {
  const title = `产学研合作座谈会 ${Date.now().toString(36)}`;
  const post = async (username: string, url: string, data: unknown) => {
    const response = await request.post(url, { headers: { Authorization: `Bearer ${await tokenOf(request, username)}` }, data });
    expect(response.ok(), url).toBe(true);
    return ((await response.json()) as { data: { id: string; version: number } }).data;
  };
  // 陈静 invites 张伟 (the applicant's number), and the reviewer approves it: only then is it sent out.
  const created = await post('unitadmin', '/api/sys/person/invite/create', {
    inviteTitle: title,
    inviteType: '2',
    hostOrg: '星河智能科技有限公司',
    eventDate: '2027-05-20',
    eventPlace: '星河智能科技有限公司一楼报告厅',
    guests: [
      { guestName: '张伟', guestUnit: '星河智能科技有限公司', guestPhone: '13800000001' },
      { guestName: '刘洋', guestUnit: '江城大学', guestPhone: '13900001001' },
    ],
    contactName: '陈静',
    contactPhone: '13800000005',
  });
  const submitted = await post('unitadmin', '/api/resources/invite/transitions/submit', { id: created.id, version: created.version });
  await post('reviewer', '/api/sys/person/invite/auditInvite', { id: submitted.id, version: submitted.version, decision: 'approve' });

  await signedIn(page, await tokenOf(request, 'applicant'));
  await openAccountEntry(page, '收到的邀请');
  const row = page.locator('.kc-schema-list tbody tr', { hasText: title });
  await expect(row).toContainText('星河智能科技有限公司');
  await expectNoSeriousA11yViolations(page, 'invitations to me');
  await row.getByRole('link', { name: '查看' }).click();
  // The other guest's number is masked for a guest.
  await expect(page.locator('.kc-record-fields')).toContainText('139****1001');
  await page.locator('.kc-record-actions').getByRole('button', { name: '接受邀请' }).click();
  await confirmDialog(page, '接受邀请');
  await expect(page.locator('.kc-record-history')).toContainText('接受邀请');
  await expect(page.locator('.kc-record-actions').getByRole('button', { name: '接受邀请' })).toHaveCount(0);
});
