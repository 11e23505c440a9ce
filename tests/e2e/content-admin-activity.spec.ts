import { attach, choose, input, item, next, pdf, saveDraft, stepItem } from './activity-helpers';
import { expect, loginThroughApi, test } from './fixtures';

/*
 * This server reads a copy of schemas/ with the authoring guide's example folder
 * (activities/tech-voucher, docs/schema-authoring.md §9.2) dropped in as written: no code change,
 * no rebuild, a restart. The activity is listed, every step renders, the condition works, a draft
 * survives a reload, and it submits.
 */
test("the guide's example activity is listed, renders every step and submits", async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await loginThroughApi(request, 'applicant');
  await page.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, token);

  await page.goto('/activities');
  const card = page.locator('.kc-activity-card[data-activity-id="tech-voucher"]');
  await expect(card).toContainText('2027年度科技创新券申领');
  await expect(card.locator('.kc-window-state')).toHaveText('进行中');
  await card.getByRole('button', { name: /立即申报|继续填写/ }).click();

  // Step 1, with the guide's condition: the certificate number shows only for a high-tech company.
  await expect(stepItem(page, 0)).toHaveClass(/ant-steps-item-process/);
  await input(page, '企业名称', '示例检测科技有限公司');
  await input(page, '统一社会信用代码', '91350100M000100Y43');
  await input(page, '联系人手机', '13800138000');
  const certificate = item(page, '高新技术企业证书编号');
  await expect(certificate).toBeHidden();
  await item(page, '是否为高新技术企业').getByText('是', { exact: true }).click();
  await expect(certificate).toBeVisible();
  await input(page, '高新技术企业证书编号', 'GR202635000123');
  await next(page);

  // Step 2, the group step: a table row.
  await expect(stepItem(page, 1)).toHaveClass(/ant-steps-item-process/);
  const services = item(page, '拟购买的服务');
  await services.getByRole('button', { name: '添加一行' }).click();
  const row = services.locator('.ant-table-tbody tr.ant-table-row').first();
  await choose(page, row.locator('td').nth(1), '检验检测');
  await row.getByLabel('服务机构').fill('市计量检测研究院');
  await row.getByLabel('金额（万元）').fill('3.5');
  await next(page);

  // Step 3, the attachment; then a reload resumes here with everything kept.
  await expect(stepItem(page, 2)).toHaveClass(/ant-steps-item-process/);
  await attach(item(page, '营业执照'), pdf('营业执照.pdf'));
  await saveDraft(page);
  await page.reload();
  await expect(stepItem(page, 2)).toHaveClass(/ant-steps-item-process/);
  await expect(item(page, '营业执照')).toContainText('营业执照.pdf');
  await stepItem(page, 0).click();
  await expect(item(page, '高新技术企业证书编号').locator('input')).toHaveValue('GR202635000123');
  await stepItem(page, 2).click();

  await page.getByRole('button', { name: '提交申报', exact: true }).click();
  await expect(page.getByText('提交成功', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '查看我的申报' }).click();
  const listed = page.locator('.kc-list-application-mine tr', { hasText: '2027年度科技创新券申领' });
  await expect(listed.locator('.kc-record-status')).toHaveText('已提交');
});
