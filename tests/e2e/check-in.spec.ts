import { unifiedSocialCreditCheckChar } from '../../src/shared/rules/unified-social-credit-code';
import { expectNoSeriousA11yViolations } from './axe-check';
import { pdf } from './activity-helpers';
import { expect, formItem, openFromMenu, test, tokenCache } from './fixtures';
import { putSession, putUnitSession } from './session-helpers';

/**
 * 入驻申请 (schemas/resources/check-in; issue 10's first flow): the applicant applies to settle in
 * with the business licence; the reviewer returns it with a note; the applicant reads the note,
 * edits and resubmits; the reviewer approves.
 */
const tokenOf = tokenCache();
const stamp = Date.now()
  .toString(36)
  .toUpperCase()
  .replace(/[IOZSV]/g, 'A')
  .slice(-6)
  .padStart(6, '0');
const FIRST17 = `91420100MA${stamp}0`.slice(0, 17);
const CREDIT_CODE = FIRST17 + unifiedSocialCreditCheckChar(FIRST17);
const WRONG_CODE = FIRST17 + (CREDIT_CODE.endsWith('0') ? '1' : '0');
const ORG = `江城量子精密仪器有限公司${stamp}`;

test('the applicant settles in with a licence; returned with a note, edited, resubmitted and approved', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto('/home');
  await putSession(page, await tokenOf(request, 'applicant'));
  await page.goto('/account/center');
  await page.locator('.kc-account-services').getByRole('link', { name: '入驻申请' }).click();
  await expect(page.getByRole('heading', { name: '入驻申请' })).toBeVisible();
  await page.getByRole('button', { name: '新建' }).click();
  await formItem(page, '单位名称').locator('input').fill(ORG);
  await formItem(page, '统一社会信用代码').locator('input').fill(WRONG_CODE);
  await formItem(page, '单位类型').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '企业' }).click();
  await formItem(page, '法定代表人').locator('input').fill('何建国');
  await formItem(page, '成立日期').locator('input').click();
  await formItem(page, '成立日期').locator('input').fill('2019-05-16');
  await formItem(page, '成立日期').locator('input').press('Enter');
  await formItem(page, '注册地址').locator('input').fill('江城市高新区光谷三路18号');
  await formItem(page, '联系人').locator('input').fill('何丽');
  await formItem(page, '联系电话').locator('input').fill('13700002222');
  // 入驻 keeps a draft (resource.json submitMode draft): 保存草稿 beside 提交审核, which checks everything first.
  await expect(page.getByRole('button', { name: '保存草稿' })).toBeVisible();
  await page.getByRole('button', { name: '提交审核' }).click();
  // The check character is checked in the browser, with the schema's words.
  await expect(formItem(page, '统一社会信用代码').locator('.ant-formily-item-error-help')).toHaveText(
    '统一社会信用代码有误，请核对营业执照后重新输入',
  );
  await expect(formItem(page, '营业执照').locator('.ant-formily-item-error-help')).toHaveText('请上传营业执照');
  await formItem(page, '统一社会信用代码').locator('input').fill(CREDIT_CODE);
  await formItem(page, '营业执照').locator('input[type=file]').setInputFiles(pdf('营业执照（副本）.pdf'));
  await expect(formItem(page, '营业执照')).toContainText('营业执照（副本）.pdf');
  await expectNoSeriousA11yViolations(page, 'the settle-in form');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByText('已提交，当前状态：待审核')).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/check-in\/detail\?id=/);
  await expect(page.locator('.kc-record-status')).toHaveText('待审核');

  const reviewerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const reviewer = await reviewerContext.newPage();
  await putUnitSession(reviewer, await tokenOf(request, 'reviewer'));
  await reviewer.goto('/home');
  await openFromMenu(reviewer, '科研诚信', '入驻审核');
  await expect(reviewer.getByRole('heading', { name: '入驻审核' })).toBeVisible();
  const row = reviewer.locator('.kc-schema-list tbody tr', { hasText: ORG });
  await expect(row).toContainText('待审核');
  await expectNoSeriousA11yViolations(reviewer, 'the settle-in review list');
  await row.getByRole('button', { name: '退回修改' }).click();
  const dialog = reviewer.locator('.ant-modal');
  await dialog.getByLabel('意见').fill('营业执照副本不清晰，请重新上传加盖公章的扫描件');
  await dialog.getByRole('button', { name: '退回修改' }).click();
  await expect(row).toContainText('退回修改');

  await page.reload();
  await expect(page.locator('.kc-record-status')).toHaveText('退回修改');
  await expect(page.locator('.kc-record-history')).toContainText('营业执照副本不清晰，请重新上传加盖公章的扫描件');
  await page.locator('.kc-record-actions').getByRole('button', { name: '修改', exact: true }).click();
  await formItem(page, '单位简介').locator('textarea').fill('从事量子精密测量仪器研发，已取得发明专利8项。');
  // A returned record's form sends it again in one step, too.
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page).toHaveURL(/\/resources\/check-in\/detail\?id=/);
  await expect(page.locator('.kc-record-fields')).toContainText('量子精密测量仪器');
  await expect(page.locator('.kc-record-status')).toHaveText('待审核');

  await reviewer.reload();
  await row.getByRole('button', { name: '同意入驻' }).click();
  await dialog.getByRole('button', { name: '同意入驻' }).click();
  await expect(row).toContainText('已入驻');
  await reviewerContext.close();

  // The approved settle-in founded the organisation: the applicant may switch to it and administers it.
  await page.goto('/account/center');
  await expect(page.locator('.kc-unit-switcher')).toContainText(ORG);
  await expect(page.locator('.kc-account-services')).toContainText('单位成员审核');
});
