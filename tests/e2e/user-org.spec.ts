import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { confirmDialog, expect, formItem, test, tokenCache } from './fixtures';
import { putSession } from './session-helpers';

/**
 * 我的单位 and 单位成员审核 (schemas/resources/user-org; issue 10's second flow): 张伟 asks to join
 * 晴川新能源科技有限公司, finding it by part of its name; 陈静, administrator of another organisation,
 * never sees the request; 赵磊, its administrator, approves it; the unit switcher then offers it. 张伟
 * leaves again at the end, so the other specs find his units as seeded.
 */
test.describe.configure({ timeout: 90_000 });

const tokenOf = tokenCache();
const ORG = '晴川新能源科技有限公司';
const NOTE = `参与储能项目联合申报 ${Date.now().toString(36)}`;

async function accountPage(browser: import('@playwright/test').Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  await page.goto('/home');
  await putSession(page, token);
  await page.goto('/account/center');
  return page;
}

async function openService(page: Page, name: string): Promise<void> {
  await page.goto('/account/center');
  await page.locator('.kc-account-services').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test('a user asks to join an organisation; only its administrator sees and approves it; the unit switcher then offers it', async ({
  browser,
  request,
}) => {
  const applicant = await accountPage(browser, await tokenOf(request, 'applicant'));
  await expect(applicant.locator('.kc-account-services')).toContainText('我的单位');
  await openService(applicant, '我的单位');
  await expectNoSeriousA11yViolations(applicant, 'my organisations');
  await applicant.getByRole('button', { name: '新建' }).click();
  const orgName = formItem(applicant, '单位名称');
  await orgName.getByRole('combobox').fill('晴川');
  // The settled organisations' names are suggested as one types.
  await applicant.locator('.ant-select-item-option', { hasText: ORG }).click();
  await expect(orgName.getByRole('combobox')).toHaveValue(ORG);
  await formItem(applicant, '所在部门').locator('input').fill('储能系统研发部');
  await formItem(applicant, '职务').locator('input').fill('项目经理');
  await formItem(applicant, '申请说明').locator('textarea').fill(NOTE);
  await expectNoSeriousA11yViolations(applicant, 'the membership request form');
  await applicant.getByRole('button', { name: '保存' }).click();
  await expect(applicant).toHaveURL(/\/resources\/user-org\/detail\?id=/);
  await expect(applicant.locator('.kc-record-status')).toHaveText('待审核');

  // The administrator of another organisation does not see the request.
  const otherAdmin = await accountPage(browser, await tokenOf(request, 'unitadmin'));
  await openService(otherAdmin, '单位成员审核');
  await expect(otherAdmin.locator('.kc-schema-list tbody tr').first()).toBeVisible();
  await expect(otherAdmin.locator('.kc-schema-list tbody tr', { hasText: ORG })).toHaveCount(0);
  await otherAdmin.context().close();

  const orgAdmin = await accountPage(browser, await tokenOf(request, 'orgadmin'));
  await openService(orgAdmin, '单位成员审核');
  const row = orgAdmin.locator('.kc-schema-list tbody tr', { hasText: '张伟' }).filter({ hasText: '待审核' });
  await expect(row).toHaveCount(1);
  await expectNoSeriousA11yViolations(orgAdmin, 'the membership review list');
  await row.getByRole('button', { name: '同意加入' }).click();
  await orgAdmin.locator('.ant-modal').locator('textarea').fill('欢迎加入储能项目组');
  await confirmDialog(orgAdmin, '同意加入');
  await expect(orgAdmin.locator('.kc-schema-list tbody tr', { hasText: '张伟' }).filter({ hasText: '已加入' })).toHaveCount(1);
  await orgAdmin.context().close();

  // Approved: the unit switcher offers the organisation.
  await applicant.goto('/account/center');
  const switcher = applicant.locator('.kc-unit-switcher');
  await expect(switcher.locator('.ant-list-item', { hasText: ORG })).toHaveCount(1);
  await expectNoSeriousA11yViolations(applicant, 'the account centre with the new unit');

  // 张伟 leaves again; the switcher follows.
  await openService(applicant, '我的单位');
  const mine = applicant.locator('.kc-schema-list tbody tr', { hasText: ORG }).filter({ hasText: '已加入' });
  await mine.getByRole('button', { name: '退出单位' }).click();
  await confirmDialog(applicant, '退出单位');
  await expect(applicant.locator('.kc-schema-list tbody tr', { hasText: ORG }).filter({ hasText: '已退出' })).toHaveCount(1);
  await applicant.goto('/account/center');
  await expect(applicant.locator('.kc-unit-switcher')).toContainText('星河智能科技有限公司');
  await expect(applicant.locator('.kc-unit-switcher .ant-list-item', { hasText: ORG })).toHaveCount(0);
  await applicant.context().close();
});
