import { expectNoSeriousA11yViolations } from './axe-check';
import { confirmDialog, expect, formItem, loginThroughApi, openFromMenu, test } from './fixtures';
import { putUnitSession } from './session-helpers';

/**
 * 科研诚信 > 信用信息 (schemas/resources/credit; issue 11, first slice): the integrity officer opens it
 * from the generated menu, sees identity numbers masked, enters a record about a researcher (the
 * identity number checked to its check character in the browser), and publishes it.
 */
test.describe.configure({ timeout: 90_000 });

const NAME = `周某${Date.now().toString(36).slice(-4)}`;

test('the integrity officer enters a credit record from 科研诚信 > 信用信息 and publishes it; numbers are masked in the list', async ({ page, request }) => {
  await putUnitSession(page, await loginThroughApi(request, 'integrity'));
  await page.goto('/home');
  await openFromMenu(page, '科研诚信', '信用信息');
  await expect(page.getByRole('heading', { name: '信用信息' })).toBeVisible();
  // The demo's records: identity numbers masked (SECURITY R35).
  await expect(page.locator('.kc-schema-list tbody tr', { hasText: '孙某' })).toContainText(/420106\*{8}\d{3}[\dX]/);
  await expectNoSeriousA11yViolations(page, 'the credit list');

  await page.getByRole('button', { name: '新建' }).click();
  await formItem(page, '主体类型').getByRole('radio', { name: '科研人员' }).check();
  await formItem(page, '主体名称').locator('input').fill(NAME);
  await formItem(page, '身份证号码').locator('input').fill('110105199003071238');
  await formItem(page, '失信行为类型').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '伪造、篡改研究数据' }).click();
  await formItem(page, '失信程度').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '较重' }).click();
  await formItem(page, '失信事实').locator('textarea').fill('在市级科技计划项目验收材料中篡改检测报告数据，经调查核实。');
  await formItem(page, '处理决定').locator('input').fill('江科信〔2026〕15号处理决定');
  for (const [label, date] of [['决定日期', '2026-09-01'], ['有效期至', '2029-08-31']] as const) {
    await formItem(page, label).locator('input').click();
    await formItem(page, label).locator('input').fill(date);
    await formItem(page, label).locator('input').press('Enter');
  }
  await formItem(page, '责任单位').locator('input').fill('江城大学');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(formItem(page, '身份证号码').locator('.ant-formily-item-error-help')).toHaveText('身份证号码有误，请核对后重新输入');
  await formItem(page, '身份证号码').locator('input').fill('110105199003071239');
  await expectNoSeriousA11yViolations(page, 'the credit form');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/resources\/credit\/detail\?id=/);
  // The officer who entered it sees the whole number, to check and correct it.
  await expect(page.locator('.kc-record-fields')).toContainText('110105199003071239');
  await page.locator('.kc-record-actions').getByRole('button', { name: '发布' }).click();
  await confirmDialog(page, '发布');
  await expect(page.locator('.kc-record-status')).toHaveText('有效');

  await openFromMenu(page, '科研诚信', '信用信息');
  const row = page.locator('.kc-schema-list tbody tr', { hasText: NAME });
  await expect(row).toContainText('110105********1239');
  await expect(row).toContainText('有效');

  // info/log: the changes to credit information, with who made them.
  await openFromMenu(page, '科研诚信', '信用信息日志');
  await expect(page.getByRole('heading', { name: '信用信息日志' })).toBeVisible();
  await expect(page.locator('.kc-schema-list tbody tr').first()).toContainText('integrity');
  await expectNoSeriousA11yViolations(page, 'the credit information log');
});
