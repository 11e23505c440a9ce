import { expectNoSeriousA11yViolations } from './axe-check';
import { confirmDialog, expect, formItem, logInThroughPage, openAccountEntry, openFromMenu, test } from './fixtures';

/*
 * Issue 32 item 2 (ADR 0047), as the three people take it, by clicking and without a restart: the
 * administrator creates a record type 实验室预约 from the review-with-return template in the studio;
 * an applicant finds 我的实验室预约 in the account menu, books, submits; the reviewer finds the
 * booking in 内容管理 > 实验室预约管理 and approves it; the applicant sees it 已通过.
 */
const RUN = Date.now().toString(36).slice(-5);
const NAME = `lab-booking-${RUN}`;
const TITLE = `实验室预约${RUN}`;
const BOOKING = `周三上午使用拉曼光谱仪 ${RUN}`;

test('the administrator creates a record type in the studio; an applicant books, the reviewer approves, no restart', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await logInThroughPage(page, 'admin');
  await openFromMenu(page, '内容管理', '表单设计');
  await page.getByRole('button', { name: '新建', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新建申报活动、表单、字典或记录类型' });
  await dialog.getByRole('radio', { name: '记录类型', exact: true }).check();
  await dialog.getByLabel('名称').fill(NAME);
  await dialog.getByLabel('标题').fill(TITLE);
  await dialog.getByRole('radio', { name: /^审核：/ }).check();
  await expectNoSeriousA11yViolations(page, 'the create dialog (record type)');
  await dialog.getByRole('button', { name: '新建', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`resources/${NAME}`).first()).toBeVisible();

  // The applicant: 我的… in the account menu, a booking, submitted from its detail.
  const applicantContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const applicant = await applicantContext.newPage();
  await logInThroughPage(applicant, 'member');
  await openAccountEntry(applicant, `我的${TITLE}`);
  await expect(applicant).toHaveTitle(new RegExp(`我的${TITLE}`));
  await applicant.getByRole('button', { name: '新建' }).click();
  await formItem(applicant, '标题').locator('input').fill(BOOKING);
  await formItem(applicant, '说明').locator('textarea').fill('测试石墨烯薄膜样品，约两小时，需要技术人员在场。');
  await applicant.getByRole('button', { name: /^(保存|保存草稿)$/ }).click();
  await expect(applicant).toHaveURL(new RegExp(`/resources/${NAME}/detail\\?id=`));
  await expect(applicant.locator('.kc-record-status')).toHaveText('草稿');
  await applicant.locator('.kc-record-actions').getByRole('button', { name: '提交' }).click();
  await confirmDialog(applicant, '提交');
  await expect(applicant.locator('.kc-record-status')).toHaveText('待审核');
  await expectNoSeriousA11yViolations(applicant, 'the new record type’s detail');

  // The reviewer: 内容管理 > …管理, the booking, 通过.
  const reviewerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const reviewer = await reviewerContext.newPage();
  await logInThroughPage(reviewer, 'reviewer');
  await openFromMenu(reviewer, '内容管理', `${TITLE}管理`);
  await expect(reviewer).toHaveTitle(new RegExp(`${TITLE}管理`));
  const row = reviewer.locator('.kc-schema-list tbody tr', { hasText: BOOKING });
  await expect(row).toContainText('待审核');
  await expectNoSeriousA11yViolations(reviewer, 'the new record type’s staff list');
  await row.getByRole('link', { name: BOOKING }).click();
  await reviewer.locator('.kc-record-actions').getByRole('button', { name: '通过' }).click();
  await confirmDialog(reviewer, '通过');
  await expect(reviewer.locator('.kc-record-status')).toHaveText('已通过');

  await applicant.reload();
  await expect(applicant.locator('.kc-record-status')).toHaveText('已通过');
  await applicantContext.close();
  await reviewerContext.close();
});
