import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, loginThroughApi, expectMenuLinks, openFromMenu, test } from './fixtures';
import { putUnitSession } from './session-helpers';

/**
 * Issue 11's acceptance: every page of 科研诚信, the one menu generated after login (spec §1), opens
 * from that menu, with its heading and tab title, and passes axe: the integrity officer's pages, and the
 * logs, which are the audit administrator's since ADR 0068 (三权分立).
 */
test.describe.configure({ timeout: 120_000 });

const PAGES: Record<string, readonly string[]> = {
  integrity: ['信用信息', '信用修复审核', '审核管理'],
  auditor: ['操作日志', '信用信息日志', '信用修复日志'],
};

for (const [username, pages] of Object.entries(PAGES))
  test(`${username} opens every 科研诚信 page of theirs from the generated menu`, async ({ page, request }) => {
    await putUnitSession(page, await loginThroughApi(request, username));
    await page.goto('/home');
    await expectMenuLinks(page, '科研诚信', pages);
    await page.mouse.move(0, 0);
    for (const name of pages) {
      await openFromMenu(page, '科研诚信', name);
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${name} - `));
      await expect(page.locator('.ant-table')).toBeVisible();
      await expectNoSeriousA11yViolations(page, name);
    }
  });
