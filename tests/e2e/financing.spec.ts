import { unifiedSocialCreditCheckChar } from '../../src/shared/rules/unified-social-credit-code';
import { expectNoSeriousA11yViolations } from './axe-check';
import { confirmDialog, expect, formItem, openFromMenu, test, tokenCache } from './fixtures';
import { putSession, putUnitSession } from './session-helpers';

/**
 * 股权融资申请 (schemas/resources/financing; issue 10's third flow): the applicant opens the equity
 * application, reads and agrees to the application notes shown first, applies with the kind fixed;
 * the reviewer approves it from 科研诚信 > 融资审核; it shows in the applicant's 我的融资.
 */
test.describe.configure({ timeout: 90_000 });

const tokenOf = tokenCache();
const stamp = Date.now().toString(36).toUpperCase();
const COMPANY = `江城量子精密仪器有限公司${stamp}`;
const FIRST17 = '91420100MA4P8K2R7';
const CREDIT_CODE = FIRST17 + unifiedSocialCreditCheckChar(FIRST17);

test('the applicant reads the notes, applies for equity financing, the reviewer approves, and 我的融资 shows it', async ({
  browser,
  page,
  request,
}) => {
  await page.goto('/home');
  await putSession(page, await tokenOf(request, 'applicant'));
  await page.goto('/home/financing/equity_apply');
  // The notes come first, until the applicant agrees.
  await expect(page).toHaveURL(/\/home\/financing\/application_notes\?next=/);
  await expect(page.getByRole('heading', { name: '申请须知' })).toBeVisible();
  await expect(page).toHaveTitle(/申请须知/);
  await expect(page.locator('.kc-resource-notes')).toContainText('申请对象');
  const next = page.getByRole('button', { name: '继续申请' });
  await expect(next).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'the application notes');
  await page.getByRole('checkbox', { name: '我已阅读并同意以上申请须知' }).check();
  await next.click();

  await expect(page).toHaveURL(/\/home\/financing\/equity_apply$/);
  await expect(page.getByRole('heading', { name: '股权融资申请' })).toBeVisible();
  // The kind is fixed by the page; only the equity fields are asked for.
  await expect(formItem(page, '申请类型')).toContainText('股权融资');
  await expect(formItem(page, '贷款产品')).toHaveCount(0);
  await formItem(page, '申请单位').locator('input').fill(COMPANY);
  await formItem(page, '统一社会信用代码').locator('input').fill(CREDIT_CODE);
  await formItem(page, '融资轮次').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: 'A轮' }).click();
  await formItem(page, '拟融资金额（万元）').locator('input').fill('2000');
  await formItem(page, '拟出让股权比例（%）').locator('input').fill('60');
  await formItem(page, '投前估值（万元）').locator('input').fill('18000');
  await formItem(page, '项目简介').locator('textarea').fill('冷原子干涉重力仪工程样机，测量精度达到微伽级，已完成野外比对试验。');
  await formItem(page, '资金用途').locator('textarea').fill('完成样机定型和小批量试产，建设计量检测实验室。');
  await formItem(page, '联系人').locator('input').fill('何丽');
  await formItem(page, '联系电话').locator('input').fill('13700002222');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(formItem(page, '拟出让股权比例（%）').locator('.ant-formily-item-error-help')).toHaveText('出让股权比例不能超过49%');
  await formItem(page, '拟出让股权比例（%）').locator('input').fill('12');
  await expectNoSeriousA11yViolations(page, 'the equity application form');
  // 提交审核 saves and sends it in one step (resource.json submitMode draft).
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page).toHaveURL(/\/resources\/financing\/detail\?id=/);
  await expect(page.locator('.kc-record-status')).toHaveText('待审核');

  const reviewerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const reviewer = await reviewerContext.newPage();
  await putUnitSession(reviewer, await tokenOf(request, 'reviewer'));
  await reviewer.goto('/home');
  await openFromMenu(reviewer, '科研诚信', '融资审核');
  await expect(reviewer.getByRole('heading', { name: '融资审核' })).toBeVisible();
  const row = reviewer.locator('.kc-schema-list tbody tr', { hasText: COMPANY });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('股权融资');
  await expectNoSeriousA11yViolations(reviewer, 'the financing review list');
  await row.getByRole('button', { name: '审核通过' }).click();
  await reviewer.locator('.ant-modal').locator('textarea').fill('项目成长性好，已推荐给合作投资机构');
  await confirmDialog(reviewer, '审核通过');
  await expect(row).toContainText('审核通过');
  await reviewerContext.close();

  await page.goto('/account/center');
  await page.locator('.kc-account-services').getByRole('link', { name: '我的融资' }).click();
  await expect(page.getByRole('heading', { name: '我的融资' })).toBeVisible();
  // 新建 opens the equity form, the page whose fixed kind is the list's (issue 31 item 6).
  await expect(page.getByRole('link', { name: '新建' })).toHaveAttribute('href', '/home/financing/equity_apply');
  const mine = page.locator('.kc-schema-list tbody tr', { hasText: COMPANY });
  await expect(mine).toContainText('审核通过');
  await expectNoSeriousA11yViolations(page, 'my equity financing');
  await mine.getByRole('link', { name: COMPANY }).click();
  await expect(page.locator('.kc-record-history')).toContainText('项目成长性好，已推荐给合作投资机构');
});

test('the loan and investor pages open their own forms once the notes are agreed to', async ({ page, request }) => {
  await page.goto('/home');
  await putSession(page, await tokenOf(request, 'applicant'));
  await page.goto('/home/financing/application_notes');
  await page.getByRole('checkbox', { name: '我已阅读并同意以上申请须知' }).check();
  await page.getByRole('button', { name: '金融超市贷款申请' }).click();
  await expect(page).toHaveURL(/\/home\/financing\/financial_supermarket_apply$/);
  await expect(page.getByRole('heading', { name: '金融超市贷款申请' })).toBeVisible();
  await expect(formItem(page, '申请类型')).toContainText('金融超市贷款');
  await expect(formItem(page, '贷款产品')).toHaveCount(1);
  await expect(formItem(page, '融资轮次')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the loan application form');
  // Agreed once in this tab: the investor's page opens straight away.
  await page.goto('/home/financing/institution_apply');
  await expect(page.getByRole('heading', { name: '投资机构入驻申请' })).toBeVisible();
  await expect(formItem(page, '机构类型')).toHaveCount(1);
  await expect(formItem(page, '贷款产品')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the investor registration form');
});
