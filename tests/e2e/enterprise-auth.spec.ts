import { unifiedSocialCreditCheckChar } from '../../src/shared/rules/unified-social-credit-code';
import { pdf } from './activity-helpers';
import { expectNoSeriousA11yViolations } from './axe-check';
import { confirmDialog, expect, formItem, openAccountEntry, openFromMenu, test, tokenCache } from './fixtures';
import { putSession, putUnitSession } from './session-helpers';

/**
 * 我的认证 (schemas/resources/enterprise-auth): the applicant asks to have the enterprise verified
 * with a stamped letter of authorisation, from the account menu; the reviewer verifies it from
 * 科研诚信 > 企业认证审核, and the applicant's list says 已认证; 业务管理 lists it among the user's business.
 */
test.describe.configure({ timeout: 90_000 });

const tokenOf = tokenCache();
const ENTERPRISE = `江城智能传感技术有限公司${Date.now().toString(36).toUpperCase()}`;
const FIRST17 = '91420100MA4Q3W8E1';

test('the applicant asks for enterprise verification with the letter of authorisation, and the reviewer verifies it', async ({
  browser,
  page,
  request,
}) => {
  await page.goto('/home');
  await putSession(page, await tokenOf(request, 'applicant'));
  await page.goto('/account/center');
  await openAccountEntry(page, '我的认证');
  await expectNoSeriousA11yViolations(page, 'my verification');
  await page.getByRole('button', { name: '新建' }).click();
  await formItem(page, '企业名称').locator('input').fill(ENTERPRISE);
  await formItem(page, '统一社会信用代码')
    .locator('input')
    .fill(FIRST17 + unifiedSocialCreditCheckChar(FIRST17));
  await formItem(page, '法定代表人').locator('input').fill('宋建平');
  await formItem(page, '经办人').locator('input').fill('唐悦');
  await formItem(page, '经办人职务').locator('input').fill('综合管理部经理');
  await formItem(page, '经办人手机号').locator('input').fill('13700003333');
  // A verification is a draft until it is sent (submitMode draft): 保存草稿 beside 提交审核, which checks everything.
  await expect(page.getByRole('button', { name: '保存草稿' })).toBeVisible();
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(formItem(page, '授权委托书').locator('.ant-formily-item-error-help')).toHaveText('请上传授权委托书');
  await formItem(page, '授权委托书').locator('input[type=file]').setInputFiles(pdf('授权委托书.pdf'));
  await expect(formItem(page, '授权委托书')).toContainText('授权委托书.pdf');
  await expectNoSeriousA11yViolations(page, 'the verification form');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page).toHaveURL(/\/resources\/enterprise-auth\/detail\?id=/);
  await expect(page.locator('.kc-record-status')).toHaveText('认证中');

  const reviewerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const reviewer = await reviewerContext.newPage();
  await putUnitSession(reviewer, await tokenOf(request, 'reviewer'));
  await reviewer.goto('/home');
  await openFromMenu(reviewer, '科研诚信', '企业认证审核');
  const row = reviewer.locator('.kc-schema-list tbody tr', { hasText: ENTERPRISE });
  await expect(row).toContainText('认证中');
  await expectNoSeriousA11yViolations(reviewer, 'the verification review list');
  await row.getByRole('button', { name: '认证通过' }).click();
  await confirmDialog(reviewer, '认证通过');
  await expect(row).toContainText('已认证');
  await reviewerContext.close();

  await page.reload();
  await expect(page.locator('.kc-record-status')).toHaveText('已认证');

  // 业务管理 lists it with the other business, and leads back to its own page.
  await page.goto('/account/center');
  await page.locator('.kc-account-services').getByRole('link', { name: '业务管理' }).click();
  await expect(page.getByRole('heading', { name: '业务管理' })).toBeVisible();
  const business = page.locator('.kc-schema-list tbody tr', { hasText: ENTERPRISE });
  await expect(business).toContainText('企业认证');
  await expect(business).toContainText('已认证');
  await expect(business).toContainText('已办结');
  await expectNoSeriousA11yViolations(page, 'my business');
  // 查看 leads to the verification's own detail page (opened above, and still open in its tab).
  await expect(business.getByRole('link', { name: '查看' })).toHaveAttribute(
    'href',
    /^\/resources\/enterprise-auth\/detail\?id=[0-9a-f-]{36}$/,
  );
});
