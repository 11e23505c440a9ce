import { expectNoSeriousA11yViolations } from './axe-check';
import { DEMO_PASSWORD, expect, expectMenuLinks, openFromMenu, submitLogin, test } from './fixtures';

/**
 * 三权分立 (SECURITY R19, ADR 0068) as the audit administrator meets it: from the portal's home page
 * through the login page, back home, and into 科研诚信 > 操作日志 by clicking, where the login just made
 * is the newest row. The menu holds the logs and nothing else; the page passes axe.
 */
test.describe.configure({ timeout: 120_000 });

test('the audit administrator logs in from /home and opens 操作日志 from the menu', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fhome$/);
  await page.getByLabel('用户名').fill('auditor');
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  expect(await submitLogin(page)).toBe(200);
  await expect(page).toHaveURL(/\/home$/);

  // The generated menu: the whole log first, then its credit and repair views; no 用户管理, no 信用信息.
  await expectMenuLinks(page, '科研诚信', ['操作日志', '信用信息日志', '信用修复日志']);
  await openFromMenu(page, '科研诚信', '操作日志');
  await expect(page.getByRole('heading', { name: '操作日志', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^操作日志 - /);
  const newest = page.locator('.kc-list-audit-log-all tbody tr.ant-table-row').filter({ hasText: '登录成功' }).first();
  await expect(newest).toContainText('auditor');
  // 导出 is offered to the audit administrator (integrityLog.export).
  await expect(page.getByRole('button', { name: /导\s*出/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '操作日志 (审计管理员)');
});
