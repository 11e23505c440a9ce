import type { Page } from '@playwright/test';
import { FIRST_YEAR, INDICATORS, LAST_YEAR, LONG_ACTIVITY_ID, LONG_ACTIVITY_TITLE, indicatorTitle } from '../fixtures/long-activity';
import { ensureEditable, input, item, saveDraft, stepItem } from './activity-helpers';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, formItem, loginThroughApi, test } from './fixtures';

/*
 * A long application (tests/fixtures/long-activity.ts: 153 controls in its first step) on the server
 * whose schemas folder has it. The engine mounts it block by block (issue 16); this walks what must
 * not break because of that: the fields not mounted yet are still judged, an error jumps to its field
 * (mounting it), Tab moves from one block into the next, and what was typed is saved.
 */
const pendingBlocks = (page: Page) => page.locator('.kc-form-block[data-kc-state="pending"]');
const summary = (page: Page) => page.locator('.kc-error-summary');
const lastYear = INDICATORS.map((indicator) => indicatorTitle(LAST_YEAR, indicator));
const [firstRequired = '', , , , , , , , , , , , , , lastRequired = ''] = lastYear;

test('a long application mounts block by block and still judges, reveals and saves every field', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await loginThroughApi(request, 'applicant');
  await ensureEditable(request, token, LONG_ACTIVITY_ID);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, token);

  await page.goto('/activities');
  const card = page.locator(`.kc-activity-card[data-activity-id="${LONG_ACTIVITY_ID}"]`);
  await expect(card).toContainText(LONG_ACTIVITY_TITLE);
  await card.getByRole('button', { name: /立即申报|继续填写/ }).click();
  await expect(stepItem(page, 0)).toHaveClass(/ant-steps-item-process/);

  // The first screen is mounted; the end of the step is not, yet it is there to scroll to.
  await expect(item(page, '企业名称')).toBeVisible();
  await expect(pendingBlocks(page).first()).toBeAttached();
  await expect(formItem(page, lastRequired)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'long application, first screen');

  await input(page, '企业名称', '星河智能装备（示例）有限公司');
  await input(page, '填报联系人', '林晓峰');
  await input(page, '联系人手机', '13800138000');
  await input(page, indicatorTitle(FIRST_YEAR, INDICATORS[0] ?? { title: '', unit: '' }), '1860');

  // Tab from the first block's last control lands in the next block's first one, and back.
  const lastOfFirstBlock = page.locator('.kc-form-block[data-kc-block="0"] input').last();
  await lastOfFirstBlock.focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('.kc-form-block[data-kc-block="1"] input').first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(lastOfFirstBlock).toBeFocused();

  // 下一步 judges the fields not mounted too: the summary lists all fifteen of the last year.
  await page.getByRole('button', { name: '下一步', exact: true }).click();
  await expect(summary(page)).toBeVisible();
  await expect(summary(page).locator('.kc-error-summary-item')).toHaveCount(lastYear.length);
  await expect(stepItem(page, 0)).toHaveClass(/ant-steps-item-process/);
  await expectNoSeriousA11yViolations(page, 'long application, error summary');
  // A link mounts its field's block, puts the message on the field and the cursor in it.
  await summary(page).getByRole('button', { name: firstRequired, exact: true }).click();
  await expect(item(page, firstRequired).locator('input')).toBeFocused();
  await expect(item(page, firstRequired).locator('.ant-formily-item-error-help')).not.toBeEmpty();

  // Submit from the last step: the result page's link goes back to a field that is not mounted.
  await stepItem(page, 1).click();
  await input(page, '填报人', '林晓峰');
  await page.getByRole('button', { name: '提交申报', exact: true }).click();
  await expect(page.getByText('提交失败', { exact: true })).toBeVisible();
  await expect(page.locator('.kc-submit-error')).toHaveCount(lastYear.length);
  await page.locator('.kc-submit-error').filter({ hasText: lastRequired }).getByRole('button').click();
  await expect(stepItem(page, 0)).toHaveClass(/ant-steps-item-error/);
  await expect(stepItem(page, 0)).toHaveClass(/ant-steps-item-active/);
  await expect(item(page, lastRequired).locator('input')).toBeFocused();
  await expect(item(page, lastRequired).locator('.ant-formily-item-error-help')).not.toBeEmpty();

  // Fill the last year through the summary's links, then save and reload: nothing is lost.
  await page.getByRole('button', { name: '下一步', exact: true }).click();
  await expect(summary(page).locator('.kc-error-summary-item')).toHaveCount(lastYear.length);
  for (const title of lastYear) {
    await summary(page).getByRole('button', { name: title, exact: true }).click();
    await expect(item(page, title).locator('input')).toBeFocused();
    await page.keyboard.type('100');
  }
  await saveDraft(page);
  await page.reload();
  await expect(stepItem(page, 0)).toHaveClass(/ant-steps-item-active/);
  await expect(item(page, '企业名称').locator('input')).toHaveValue('星河智能装备（示例）有限公司');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(item(page, lastRequired).locator('input')).toHaveValue('100');

  await page.getByRole('button', { name: '下一步', exact: true }).click();
  await expect(stepItem(page, 1)).toHaveClass(/ant-steps-item-process/);
  await page.getByRole('button', { name: '提交申报', exact: true }).click();
  await expect(page.getByText('提交成功', { exact: true })).toBeVisible();
});
