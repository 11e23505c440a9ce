import type { Page } from '@playwright/test';
import { unifiedSocialCreditCheckChar } from '../../src/shared/rules/unified-social-credit-code';
import { expectNoSeriousA11yViolations } from './axe-check';
import { confirmDialog, confirmUnitChoice, DEMO_PASSWORD, expect, formItem, submitLogin, test } from './fixtures';
import { publicItemLinks } from './public-list-helpers';

/**
 * Issue 31 item 6's acceptance: the financing journey from a product's 申请融资, by clicks from the front
 * door. The product is carried into the loan form (resource.json link values, fixed), 提交审核 saves and
 * sends it (submitMode draft), the reviewer approves it from the workbench, and the applicant's bell has it.
 */
test.describe.configure({ timeout: 120_000 });

const stamp = Date.now().toString(36).toUpperCase();
const COMPANY = `江城光子传感技术有限公司${stamp}`;
const FIRST17 = '91420100MA4P8K3R8';
const CREDIT_CODE = FIRST17 + unifiedSocialCreditCheckChar(FIRST17);

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await submitLogin(page);
}

test("a product's 申请融资 carries the product into the loan form, 提交审核 sends it, the reviewer approves from the workbench, the bell tells the applicant", async ({
  browser,
  page,
}) => {
  await logIn(page, 'applicant');
  // The demo applicant belongs to two units: the portal asks which.
  await confirmUnitChoice(page);
  await expect(page).toHaveURL(/\/(home|workbench)$/);

  // From the front door: 金融超市, a product, 申请融资.
  await page.goto('/home');
  await page.locator('.kc-service-entry[href="/home/financing"]').first().click();
  await expect(page).toHaveURL(/\/home\/financing$/);
  const product = publicItemLinks(page, 'product', 'published').first();
  await expect(product).toBeVisible();
  const productName = ((await product.textContent()) ?? '').trim();
  await product.click();
  await expect(page.locator('.kc-article-heading')).toHaveText(productName);
  await page.getByRole('link', { name: '申请融资' }).click();

  // The notes come first; agreeing leads on to the loan form, the product still in the address.
  await expect(page).toHaveURL(/\/home\/financing\/application_notes\?next=/);
  await page.getByRole('checkbox', { name: '我已阅读并同意以上申请须知' }).check();
  await page.getByRole('button', { name: '继续申请' }).click();
  await expect(page).toHaveURL(/\/home\/financing\/financial_supermarket_apply\?/);
  await expect(page.getByRole('heading', { name: '金融超市贷款申请' })).toBeVisible();
  // The product and its lender are fixed: shown, not typed.
  await expect(formItem(page, '贷款产品')).toContainText(productName);
  await expect(formItem(page, '贷款产品').locator('input')).toHaveCount(0);
  await expect(formItem(page, '放款机构').locator('input')).toHaveCount(0);
  await expect(formItem(page, '申请类型')).toContainText('金融超市贷款');
  // A draft form: 保存草稿 beside 提交审核, no 保存.
  await expect(page.getByRole('button', { name: '保存草稿' })).toBeVisible();
  await expect(page.getByRole('button', { name: '保存', exact: true })).toHaveCount(0);

  await formItem(page, '申请单位').locator('input').fill(COMPANY);
  await formItem(page, '统一社会信用代码').locator('input').fill(CREDIT_CODE);
  await formItem(page, '申请金额（万元）').locator('input').fill('300');
  await formItem(page, '贷款期限（月）').locator('input').fill('12');
  await formItem(page, '担保方式').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '知识产权质押' }).click();
  await formItem(page, '资金用途').locator('textarea').fill('采购光纤光栅解调仪核心部件，扩大小批量试产。');
  await formItem(page, '联系人').locator('input').fill('何丽');
  await formItem(page, '联系电话').locator('input').fill('13700002222');
  await expectNoSeriousA11yViolations(page, 'the loan form opened from a product');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByText('已提交，当前状态：待审核')).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/financing\/detail\?id=/);
  await expect(page.locator('.kc-record-status')).toHaveText('待审核');
  await expect(page.locator('.kc-record-fields')).toContainText(productName);

  // The reviewer logs in through the page, lands on the workbench and opens the waiting applications.
  const reviewerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const reviewer = await reviewerContext.newPage();
  await logIn(reviewer, 'reviewer');
  await expect(reviewer).toHaveURL(/\/workbench$/);
  await reviewer.locator('[data-queue="financing/review/pending"]').getByRole('link', { name: '查看列表' }).click();
  await expect(reviewer).toHaveURL(/\/resources\/financing\/lists\/review\?status=pending$/);
  await reviewer.locator('.kc-schema-list tbody tr', { hasText: COMPANY }).getByRole('link', { name: COMPANY }).click();
  await expect(reviewer.locator('.kc-record-fields')).toContainText(productName);
  await reviewer.locator('.kc-record-actions').getByRole('button', { name: '审核通过' }).click();
  await confirmDialog(reviewer, '审核通过');
  await expect(reviewer.locator('.kc-record-status')).toHaveText('审核通过');
  await reviewerContext.close();

  // The applicant's bell has the decision.
  await page.goto('/home');
  await page.locator('.kc-notification-bell').click();
  await expect(page).toHaveURL(/\/account\/notifications$/);
  await expect(page.locator('.kc-notification', { hasText: COMPANY }).first()).toContainText(`您的融资申请（${COMPANY}）已审核通过。`);
});
