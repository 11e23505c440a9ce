import type { Locator, Page } from '@playwright/test';
import { attach, choose, input, item, next, pdf, stepItem } from './activity-helpers';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, logInThroughPage, openFromMenu, test } from './fixtures';

/*
 * Issue 32's acceptance, as the editor and the applicant take it, without typing JSON and without a
 * restart: the editor creates a three-step activity in the studio's designer (a dictionary select, a
 * field shown and required on a condition, a table of members whose rows need a valid mobile, an
 * upload), previews it in both languages and publishes it; the applicant finds it on /activities,
 * fills it, saves and submits; the editor adds a required field and the impact report names the
 * applicant's application.
 */
const RUN = Date.now().toString(36).slice(-5);
const ID = `coop-${RUN}`;
const TITLE = `产学研合作项目申报${RUN}`;

const designer = (page: Page) => page.locator('.kc-designer');
const row = (page: Page, title: string) => designer(page).locator('.kc-designer-row-select', { hasText: title }).first();

/** Adds a kind from the palette after the selected field (or into the selected group): the new field is selected. */
async function add(page: Page, kind: string): Promise<void> {
  await page
    .getByRole('group', { name: '字段类型' })
    .getByRole('button', { name: `+ ${kind}`, exact: true })
    .click();
}

/** Types into one of the property panel's text boxes, replacing what it holds. */
async function setText(page: Page, label: string, value: string): Promise<void> {
  const box = page.locator('.kc-designer-panel').getByLabel(label, { exact: true });
  await box.fill(value);
}

async function openFile(page: Page, file: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(file.replace('.', '\\.')) }).click();
}

const checked = (page: Page) => expect(page.getByTestId('studio-check')).toHaveText(/检查通过/, { timeout: 15_000 });

/** Picks an option of an antd select; `search` is typed first where the list is long (only the options in view are drawn). */
async function antSelect(page: Page, field: Locator, option: RegExp, search?: string): Promise<void> {
  // The chosen value's text lies over the search box: click where it is, as a person would.
  await field.click({ force: true });
  if (search) await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test('an editor builds a three-step activity in the designer and publishes it; an applicant fills and submits it; a new required field names it in the impact report', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await logInThroughPage(page, 'editor');
  await expect(page.locator('.kc-main-nav')).toBeVisible();
  await openFromMenu(page, '内容管理', '表单设计');
  await expect(page).toHaveTitle('表单设计 - 科创服务门户');

  // 新建: a blank activity.
  await page.getByRole('button', { name: '新建', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新建申报活动、表单、字典或记录类型' });
  await dialog.getByLabel('名称').fill(ID);
  await dialog.getByLabel('标题').fill(TITLE);
  await dialog.getByRole('button', { name: '新建', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`activities/${ID}`).first()).toBeVisible();
  await checked(page);

  // The manifest: English name, two more steps, their names.
  await openFile(page, 'manifest.json');
  await page.getByLabel('活动名称（英文）').fill(`Industry-university cooperation projects ${RUN}`);
  await page.getByRole('button', { name: '添加步骤' }).click();
  await page.getByRole('button', { name: '添加步骤' }).click();
  await page.getByLabel('步骤名称（中文）').nth(1).fill('团队成员');
  await page.getByLabel('步骤名称（英文）').nth(1).fill('Team');
  await page.getByLabel('步骤名称（中文）').nth(2).fill('申报材料');
  await page.getByLabel('步骤名称（英文）').nth(2).fill('Materials');
  await checked(page);

  // Step 1: a dictionary select, a yes/no question and a field shown and required when it is yes.
  await openFile(page, 'basic.schema.json');
  await row(page, '项目名称').click();
  await add(page, '下拉选择');
  await setText(page, '标题（中文）', '技术领域');
  await setText(page, '标题（英文）', 'Technology field');
  await page.locator('.kc-designer-panel').getByText('数据字典', { exact: true }).click();
  await antSelect(page, page.locator('.kc-designer-panel').getByLabel('字典编码'), /tech_field/, 'tech_field');
  await page.locator('.kc-designer-panel').getByRole('switch', { name: '必填' }).click();
  await add(page, '是/否');
  await setText(page, '标题（中文）', '是否有合作单位');
  await page.locator('.kc-designer-panel').getByRole('switch', { name: '必填' }).click();
  await add(page, '单行文本');
  await setText(page, '标题（中文）', '合作单位名称');
  await antSelect(page, page.getByRole('combobox', { name: '条件字段' }), /是否有合作单位/);
  await antSelect(page, page.getByRole('combobox', { name: '取值' }), /^是$/);
  await page.getByRole('button', { name: '添加条件' }).click();
  await expect(page.locator('.kc-designer-panel')).toContainText('当 是否有合作单位 为 是 时显示并必填');
  await checked(page);

  // Step 2: a table of members; each row needs a name and a valid mobile.
  await openFile(page, 'step2.schema.json');
  await row(page, '新字段').click();
  await page.getByRole('button', { name: '删除：新字段' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await add(page, '表格（多行）');
  await setText(page, '标题（中文）', '团队成员');
  await setText(page, '最少条数', '1');
  await page.locator('.kc-designer-panel').getByRole('switch', { name: '必填' }).click();
  await row(page, '名称').click();
  await setText(page, '标题（中文）', '姓名');
  await add(page, '单行文本');
  await setText(page, '标题（中文）', '手机号');
  await antSelect(page, page.locator('.kc-designer-panel').getByLabel('格式'), /^手机号$/);
  await page.locator('.kc-designer-panel').getByRole('switch', { name: '必填' }).click();
  await checked(page);

  // Step 3: an upload.
  await openFile(page, 'step3.schema.json');
  await row(page, '新字段').click();
  await page.getByRole('button', { name: '删除：新字段' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await add(page, '附件上传');
  await setText(page, '标题（中文）', '项目申报书');
  await page.locator('.kc-designer-panel').getByRole('switch', { name: '必填' }).click();
  await checked(page);
  await expectNoSeriousA11yViolations(page, 'the designer building a new activity');

  // The preview, in both languages.
  const preview = page.locator('.ant-card', { hasText: '预览' }).first();
  await expect(preview.getByRole('tab', { name: '团队成员' })).toBeVisible();
  await preview.getByText('English', { exact: true }).click();
  await expect(preview.getByRole('tab', { name: 'Team' })).toBeVisible();
  await expect(preview.getByText('Technology field', { exact: true })).toBeVisible();
  await preview.getByText('中文', { exact: true }).click();

  // Publish.
  await page.getByRole('button', { name: '发布', exact: true }).click();
  const publish = page.getByRole('dialog', { name: '发布新版本' });
  await publish.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText(/已发布，各服务进程将在几秒内生效/)).toBeVisible();

  // The applicant, in a browser of their own, finds it on /activities and fills it.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const applicant = await context.newPage();
  await logInThroughPage(applicant, 'member');
  await expect(applicant.locator('.kc-main-nav')).toBeVisible();
  await applicant
    .locator('.kc-main-nav')
    .getByRole('menuitem', { name: /申报活动/ })
    .click();
  const card = applicant.locator(`.kc-activity-card[data-activity-id="${ID}"]`);
  await expect(card).toContainText(TITLE);
  await card.getByRole('button', { name: /立即申报|继续填写/ }).click();
  await expect(stepItem(applicant, 0)).toHaveClass(/ant-steps-item-process/);
  await input(applicant, '项目名称', '智能制造联合实验室建设');
  await choose(applicant, item(applicant, '技术领域'), '电子信息');
  const partner = item(applicant, '合作单位名称');
  await expect(partner).toBeHidden();
  await item(applicant, '是否有合作单位').getByText('是', { exact: true }).click();
  await expect(partner).toBeVisible();
  await input(applicant, '合作单位名称', '江城理工大学');
  await next(applicant);
  await expect(stepItem(applicant, 1)).toHaveClass(/ant-steps-item-process/);
  const members = item(applicant, '团队成员');
  await members.getByRole('button', { name: '添加一行' }).click();
  const member = members.locator('.ant-table-tbody tr.ant-table-row').first();
  await member.getByLabel('姓名').fill('林晓');
  await member.getByLabel('手机号').fill('1380013');
  await member.getByLabel('手机号').blur();
  await expect(members).toContainText('请输入正确的手机号码');
  await member.getByLabel('手机号').fill('13800138000');
  await next(applicant);
  await expect(stepItem(applicant, 2)).toHaveClass(/ant-steps-item-process/);
  await attach(item(applicant, '项目申报书'), pdf('项目申报书.pdf'));
  await applicant.getByRole('button', { name: '提交申报', exact: true }).click();
  await expect(applicant.getByText('提交成功', { exact: true })).toBeVisible();
  await context.close();

  // The editor adds a required field to step 1: the impact report names the applicant's application.
  await openFile(page, 'basic.schema.json');
  await row(page, '合作单位名称').click();
  await add(page, '单行文本');
  await setText(page, '标题（中文）', '项目负责人');
  await page.locator('.kc-designer-panel').getByRole('switch', { name: '必填' }).click();
  await checked(page);
  await page.getByRole('button', { name: '影响分析' }).click();
  const report = page.getByTestId('impact-report');
  await expect(report).toContainText(/会因这次修改而不再通过/);
  await expect(report).toContainText('basic.text2');
});
