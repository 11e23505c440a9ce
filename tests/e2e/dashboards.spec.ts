import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { DEMO_PASSWORD, expect, submitLogin, test } from './fixtures';

/**
 * 统计看板 (issue 31 item 3): the reviewer logs in, goes from the workbench to the commission dashboard,
 * sees a chart, switches it to its table and downloads its figures; the page passes axe in zh-CN and
 * en-US, keeps its title after a reload and fits 390 px.
 */
async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await submitLogin(page);
}

test('the reviewer opens the commission dashboard from the workbench: chart, table, CSV, axe in both languages, 390 px', async ({
  page,
}) => {
  await logIn(page, 'reviewer');
  await expect(page).toHaveURL(/\/workbench$/);
  await page.locator('.kc-workbench-dashboards').getByRole('link', { name: '科委业务看板' }).click();
  await expect(page).toHaveURL(/\/dashboards\/commission$/);
  await expect(page.getByRole('heading', { name: '科委业务看板', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^科委业务看板 - /);

  const widget = page.locator('[data-widget="applications-by-state"]');
  const chart = widget.locator('.kc-dashboard-chart');
  await expect(chart.locator('svg')).toBeVisible();
  await expect(chart).toHaveAttribute('role', 'img');
  await expect(chart).toHaveAttribute('aria-label', /^申报状态分布：已提交 \d+/);
  // A reviewer reads applications and financing, not credit records: those widgets are left out.
  await expect(page.locator('[data-widget="credit-by-severity"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the commission dashboard (zh-CN)');

  await widget.getByText('表格', { exact: true }).click();
  const table = widget.locator('table');
  await expect(table.locator('caption')).toHaveText('申报状态分布');
  await expect(table.locator('tbody th').first()).toHaveText('已提交');
  const downloading = page.waitForEvent('download');
  await widget.getByRole('button', { name: '下载数据（CSV）' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('申报状态分布.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF项目,数量\r\n已提交,')).toBe(true);
  await expectNoSeriousA11yViolations(page, 'a widget as a table (zh-CN)');

  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Commission dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Commission dashboard - /);
  await expect(page.locator('[data-widget="applications-by-state"] .kc-dashboard-chart')).toHaveAttribute(
    'aria-label',
    /^Applications by state: /,
  );
  await expectNoSeriousA11yViolations(page, 'the commission dashboard (en-US)');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('[data-widget="applications-by-state"]')).toBeVisible();
  // The chart follows its box's new width on its resize observer's next frame, not at once.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.evaluate(() => localStorage.setItem('app-language', 'zh-CN'));
});
