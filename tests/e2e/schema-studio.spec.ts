import type { APIRequestContext, Page } from '@playwright/test';
import { item } from './activity-helpers';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test, tokenCache } from './fixtures';

/*
 * 表单设计 (issue 17) on the server whose schemas folder has the studio-grant activity: an editor
 * tightens the project name's length, sees the problem of a bad edit underlined, tries the new rule
 * in the preview, sees the impact report name the applicant's draft, publishes, and another applicant's
 * form has the new rule at once: no restart.
 */
const ACTIVITY = 'studio-grant';
const DRAFT_NAME = '城市智慧照明改造示范工程';
const tokens = tokenCache();

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response =
    method === 'GET'
      ? await request.get(url, { headers: { Authorization: `Bearer ${token}` } })
      : await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Replaces the whole text of the editor, as pasting would. */
async function replaceEditorText(page: Page, text: string, file = 'basic.schema.json'): Promise<void> {
  // A form schema opens in the visual designer: this test types JSON, so it switches to the JSON editor.
  const jsonMode = page.locator('.ant-segmented').getByText('JSON', { exact: true });
  if (await jsonMode.isVisible()) await jsonMode.click();
  const editor = page.getByRole('textbox', { name: `${file} 的 JSON 内容` });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

test('an editor tightens a length, sees the preview and the impact report, publishes, and the applicant meets the rule without a restart', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  // The applicant's draft: a 12-character project name, fine under today's limit of 50.
  const applicant = await tokens(request, 'applicant');
  const draft = await api<{ id: string; version: number }>(request, applicant, 'POST', '/api/sys/form/data/firstSaveFormData', {
    activityId: ACTIVITY,
  });
  await api(request, applicant, 'POST', '/api/sys/form/data/saveOrUpdate', {
    activityId: ACTIVITY,
    step: 'basic',
    version: draft.version,
    data: { projectName: DRAFT_NAME, hasPartner: false },
  });

  const editorToken = await tokens(request, 'editor');
  const unit = await api<{ files: Record<string, string> }>(request, editorToken, 'GET', `/api/studio/unit?kind=activity&name=${ACTIVITY}`);
  const basic = JSON.parse(unit.files['basic.schema.json'] ?? '{}') as { properties: { projectName: { maxLength: number } } };
  // A retry finds the limit already tightened: it tightens once more.
  const limit = basic.properties.projectName.maxLength === 10 ? 9 : 10;
  basic.properties.projectName.maxLength = limit;
  const tightened = `${JSON.stringify(basic, null, 2)}\n`;

  await page.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, editorToken);
  await page.goto(`/content/studio?kind=activity&name=${ACTIVITY}`);
  await expect(page).toHaveTitle('表单设计 - 科创服务门户');
  await expect(page.getByRole('heading', { name: '表单设计', level: 2 })).toBeVisible();
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  await page.getByRole('tab', { name: /basic\.schema\.json/ }).click();
  await expectNoSeriousA11yViolations(page, 'schema studio');

  // A bad edit: the problem schemas:check would report, underlined where its pointer leads.
  await replaceEditorText(page, tightened.replace(`"maxLength": ${limit}`, '"maxLength": "十"'));
  await expect(page.getByTestId('studio-check')).toHaveText(/发现 \d+ 个问题/);
  await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
  await expect(page.getByText('/properties/projectName/maxLength').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '发布', exact: true })).toBeDisabled();

  // The good edit: checked, and the preview has the new rule in both languages.
  await replaceEditorText(page, tightened);
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  const preview = page.locator('.ant-card', { hasText: '预览' }).first();
  await item(page, '项目名称').locator('input').fill(DRAFT_NAME);
  await preview.getByRole('button', { name: '试一下校验' }).click();
  await expect(preview.getByText(`最多输入${limit}个字符`)).toBeVisible();
  await preview.getByText('English', { exact: true }).click();
  await preview.getByRole('button', { name: '试一下校验' }).click();
  await expect(preview.getByText(`At most ${limit} characters`)).toBeVisible();

  // The impact report names the applicant's draft and the field it breaks.
  await page.getByRole('button', { name: '影响分析' }).click();
  const report = page.getByTestId('impact-report');
  await expect(report).toContainText(/会因这次修改而不再通过/);
  await expect(report).toContainText(draft.id);
  await expect(report).toContainText('basic.projectName');
  await expectNoSeriousA11yViolations(page, 'schema studio with the impact report');

  // Publish, with the drafts already started moved to the new version.
  await page.getByRole('button', { name: '发布', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '发布新版本' });
  await dialog.getByText('改用新版本', { exact: false }).click();
  await dialog.getByLabel('发布说明（可选）').fill(`项目名称不超过 ${limit} 个字`);
  await dialog.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText(/已发布，各服务进程将在几秒内生效/)).toBeVisible();
  await expect(page.locator('.ant-card', { hasText: '版本记录' }).getByText(`项目名称不超过 ${limit} 个字`)).toBeVisible();

  // Another applicant, in a browser of their own, meets the new rule on the live form: no restart.
  const member = await tokens(request, 'member');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const applicantPage = await context.newPage();
  await applicantPage.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, member);
  await applicantPage.goto(`/home/activities/applicationForm?activityId=${ACTIVITY}`);
  const name = item(applicantPage, '项目名称').locator('input');
  await name.fill(DRAFT_NAME);
  await name.blur();
  await expect(item(applicantPage, '项目名称')).toContainText(`最多输入${limit}个字符`);
  await context.close();
});

test('an editor opens a resource folder read-only: no publish, no impact report, and a note that says why', async ({ page, request }) => {
  const editorToken = await tokens(request, 'editor');
  await page.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, editorToken);
  await page.goto('/content/studio?kind=resource&name=credit');
  await expect(page.getByText(/只读：你的角色可以查看这个单元的文件和预览/)).toBeVisible();
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  await expect(page.getByRole('button', { name: '发布', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '影响分析', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'schema studio with a read-only unit');
});

// Resource folders are the administrator's to publish (ADR 0041).
test('an administrator adds a column to a resource list, sees it in the preview, publishes, and the list page shows it without a restart', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const adminToken = await tokens(request, 'admin');
  const unit = await api<{ files: Record<string, string> }>(request, adminToken, 'GET', '/api/studio/unit?kind=resource&name=showcase');
  const all = JSON.parse(unit.files['lists/all.list.json'] ?? '{}') as { columns: { field: string }[]; filters: { field: string }[] };
  // A retry finds the first column already added: it adds the next one.
  const [field, header, headerEn] = (
    [
      ['org', '单位', 'Organisation'],
      ['district', '所在区', 'District'],
      ['publishDate', '发布日期', 'Published'],
    ] as const
  ).find(([name]) => !all.columns.some((column) => column.field === name)) ?? ['org', '单位', 'Organisation'];
  const withColumn = `${JSON.stringify({ ...all, columns: [...all.columns, { field }] }, null, 2)}\n`;

  await page.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, adminToken);
  await page.goto('/content/studio?kind=resource&name=showcase');
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  await expect(page.getByText(/资源文件夹的修改都在线发布/)).toBeVisible();

  // Renaming the folder's permission id would strand the roles' grants: the check says why where it was
  // written, and 发布 waits (a list's summary, a filter or a column is live: ADRs 0042, 0049).
  await page.getByRole('tab', { name: /resource\.json/ }).click();
  const resource = unit.files['resource.json'] ?? '{}';
  await replaceEditorText(
    page,
    `${JSON.stringify({ ...(JSON.parse(resource) as Record<string, unknown>), permission: 'showcaseRenamed' }, null, 2)}\n`,
    'resource.json',
  );
  await expect(page.getByTestId('studio-check')).toHaveText(/发现 1 个问题/);
  await expect(page.getByText(/请保留原权限标识/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '发布', exact: true })).toBeDisabled();
  await replaceEditorText(page, resource, 'resource.json');
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  await page.getByRole('tab', { name: /lists\/all\.list\.json/ }).click();

  // A column changes only how the records show: the preview's list has it at once.
  await replaceEditorText(page, withColumn, 'lists/all.list.json');
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  const preview = page.locator('.ant-card', { hasText: '预览' }).first();
  await preview.getByRole('tab', { name: '成果展示管理' }).click();
  await expect(preview.getByRole('columnheader', { name: header })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'schema studio with a list preview');
  await preview.getByText('English', { exact: true }).click();
  await expect(preview.getByRole('columnheader', { name: headerEn })).toBeVisible();
  await preview.getByText('中文', { exact: true }).click();

  await page.getByRole('button', { name: '发布', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '发布新版本' });
  await dialog.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText(/已发布，各服务进程将在几秒内生效/)).toBeVisible();

  // The list page, opened afresh, has the column: no restart.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const listPage = await context.newPage();
  await listPage.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, adminToken);
  await listPage.goto('/resources/showcase/lists/all');
  await expect(listPage.getByRole('columnheader', { name: header })).toBeVisible();
  await context.close();
});

test('an editor opens the site navigation and sees its menu as a visitor and as a user would', async ({ page, request }) => {
  const editorToken = await tokens(request, 'editor');
  await page.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, editorToken);
  await page.goto('/content/studio?kind=site&name=navigation');
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  await expect(page.getByRole('tab', { name: /navigation\.json/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'navigation.json 的 JSON 内容' })).toBeVisible();
  const preview = page.locator('.ant-card', { hasText: '预览' }).first();
  const visitorMenu = preview.getByRole('navigation', { name: '访客看到的顶部菜单（预览）' });
  await expect(visitorMenu.getByRole('link', { name: '金融超市' })).toBeVisible();
  await expect(visitorMenu.getByRole('link', { name: '我的申报' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'schema studio with the navigation preview');
  await preview.getByRole('tab', { name: '登录用户' }).click();
  await expect(
    preview.getByRole('navigation', { name: '登录用户看到的顶部菜单（预览）' }).getByRole('link', { name: '我的申报' }),
  ).toBeVisible();
});
