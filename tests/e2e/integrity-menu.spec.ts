import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, loginThroughApi, expectMenuLinks, openFromMenu, test } from './fixtures';
import { putUnitSession } from './session-helpers';

/**
 * Issue 11's acceptance: every page of 科研诚信, the one menu generated after login (spec §1), opens
 * from that menu for the integrity officer, with its heading and tab title, and passes axe.
 */
test.describe.configure({ timeout: 120_000 });

const PAGES = ['信用信息', '信用信息日志', '信用修复审核', '信用修复日志', '审核管理', '操作日志'];

test('the integrity officer opens every 科研诚信 page from the generated menu', async ({ page, request }) => {
  await putUnitSession(page, await loginThroughApi(request, 'integrity'));
  await page.goto('/home');
  await expectMenuLinks(page, '科研诚信', PAGES);
  await page.mouse.move(0, 0);
  for (const name of PAGES) {
    await openFromMenu(page, '科研诚信', name);
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${name} - `));
    await expect(page.locator('.ant-table')).toBeVisible();
    await expectNoSeriousA11yViolations(page, name);
  }
});
