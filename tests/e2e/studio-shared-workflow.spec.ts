import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, loginThroughApi, logInThroughPage, openFromMenu, test } from './fixtures';

/*
 * Issue 32 item 3, ADR 0053, as the administrator takes it: 表单设计 lists the shared workflows; the
 * administrator opens 发布 (publication.workflow.json, the workflow of nine folders), sees which folders
 * use it and their steps in the preview, renames the step 下线, publishes, and the events' staff list
 * offers the renamed step at once: no restart.
 */
const FILE = 'publication.workflow.json';

test('the administrator renames a step of a shared workflow; every folder naming it offers the new name, without a restart', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await loginThroughApi(request, 'admin');
  const response = await request.get('/api/studio/unit?kind=workflow&name=publication', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const unit = ((await response.json()) as { data: { files: Record<string, string> } }).data;
  const workflow = JSON.parse(unit.files[FILE] ?? '{}') as { transitions: Record<string, { title: string }> };
  const step = workflow.transitions['unpublish'];
  if (!step) throw new Error('publication.workflow.json has no unpublish step');
  // A retry finds the step already renamed: it renames it back.
  const [before, after] = step.title === '撤下' ? ['撤下', '下线'] : ['下线', '撤下'];
  step.title = after;

  await logInThroughPage(page, 'admin');
  await openFromMenu(page, '内容管理', '表单设计');
  await page.getByLabel('选择要编辑的活动、表单、资源或站点导航').click();
  await page.keyboard.type('workflow:publication');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/共享工作流是几个资源文件夹共用的状态和流转/)).toBeVisible();
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  const preview = page.locator('.ant-card', { hasText: '预览' }).first();
  await expect(preview.getByText('科技活动', { exact: true })).toBeVisible();
  await expect(preview.getByRole('cell', { name: before, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'schema studio with a shared workflow');

  const editor = page.getByRole('textbox', { name: `${FILE} 的 JSON 内容` });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(`${JSON.stringify(workflow, null, 2)}\n`);
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  await expect(preview.getByRole('cell', { name: after, exact: true })).toBeVisible();
  await page.getByRole('button', { name: '发布', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '发布新版本' });
  await dialog.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText(/已发布，各服务进程将在几秒内生效/)).toBeVisible();

  // The events' staff list (one of the nine folders) offers the renamed step on its published events.
  await openFromMenu(page, '内容管理', '科技活动管理');
  await expect(page.getByRole('button', { name: after, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: before, exact: true })).toHaveCount(0);
});
