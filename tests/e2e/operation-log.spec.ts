import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, loginThroughApi, openFromMenu, test } from './fixtures';
import { putUnitSession } from './session-helpers';

/**
 * 科研诚信 > 操作日志 end to end (SECURITY R31, ADR 0009): the audit administrator (its one reader since
 * ADR 0068, 三权分立), logged in through
 * the API (one login; the login rate limit is 10 a minute per IP), opens the page from the generated
 * menu, finds the LOGIN_SUCCESS row of that very login on page 1, and filters by event and name.
 */

// The page is the list file schemas/resources/audit-log/lists/all.list.json.
const LOG_LIST = '/api/resources/audit-log/lists/all';
const logRows = (page: Page) => page.locator('.kc-list-audit-log-all tbody tr.ant-table-row');
const filters = (page: Page) => page.locator('.kc-list-filters');

/** Chooses an option of one of the list's select filters. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await filters(page).locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select-selector').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

test.describe('科研诚信 > 操作日志 (SECURITY R31)', () => {
  test('the audit administrator sees their own login on page 1 and filters by event and username', async ({ page, request }) => {
    test.setTimeout(60_000);
    const token = await loginThroughApi(request, 'auditor');
    await putUnitSession(page, token);
    const routes = page.waitForResponse((response) => response.url().includes('/api/integrity/app/user/routes') && response.ok());
    await page.goto('/home');
    await routes;

    // The generated menu offers 操作日志 now that the client has the page.
    const firstPage = page.waitForResponse((response) => response.url().includes(LOG_LIST) && response.ok());
    await openFromMenu(page, '科研诚信', '操作日志');
    await expect(page).toHaveURL(/\/integrity\/log$/);
    await firstPage;
    await expect(page.locator('.kc-multi-tab .kc-tab-title').filter({ hasText: /^操作日志$/ })).toHaveCount(1);
    // Newest first, so the login made above is on page 1.
    const myLogin = logRows(page).filter({ hasText: '登录成功' }).filter({ hasText: 'auditor' }).first();
    await expect(myLogin).toBeVisible();
    await expect(myLogin.locator('.kc-record-status')).toHaveText('成功');
    await expectNoSeriousA11yViolations(page, '操作日志');

    // Only failed logins: the administrator's own success is gone from the list.
    const failures = page.waitForResponse(
      (response) => response.url().includes(LOG_LIST) && response.request().postData()?.includes('"LOGIN_FAILURE"') === true,
    );
    await choose(page, '事件', '登录失败');
    await filters(page).getByRole('button', { name: '查询' }).click();
    const failurePage = (await (await failures).json()) as { data: { records: Array<{ data: { event: string } }> } };
    expect(failurePage.data.records.every((record) => record.data.event === 'LOGIN_FAILURE')).toBe(true);
    await expect(logRows(page).filter({ hasText: '登录成功' })).toHaveCount(0);

    // Successful logins of 'auditor': the login made above is the first of them.
    const mine = page.waitForResponse(
      (response) => response.url().includes(LOG_LIST) && response.request().postData()?.includes('"username":"auditor"') === true,
    );
    await choose(page, '事件', '登录成功');
    await filters(page).getByLabel('用户', { exact: true }).fill('auditor');
    await filters(page).getByLabel('用户', { exact: true }).press('Enter');
    const minePage = (await (await mine).json()) as {
      data: { total: number; records: Array<{ data: { event: string; username: string; at: string } }> };
    };
    expect(minePage.data.total).toBeGreaterThanOrEqual(1);
    expect(minePage.data.records.every((record) => record.data.event === 'LOGIN_SUCCESS' && record.data.username === 'auditor')).toBe(true);
    // The login made above: same machine, same clock, a few seconds ago.
    expect(Date.now() - Date.parse(minePage.data.records[0]?.data.at ?? '')).toBeLessThan(5 * 60_000);
    await expect(logRows(page).first()).toContainText('登录成功');
    await expect(logRows(page).first()).toContainText('auditor');
  });
});
