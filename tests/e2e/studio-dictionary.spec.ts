import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, logInThroughPage, openFromMenu, test } from './fixtures';

/*
 * Issue 32 item 2 (ADR 0046, 0055), as the content editor takes it: a new dictionary made in the studio
 * without typing JSON: three items in both languages, one moved by keyboard, checked, published, and
 * served at once by the portal's dictionary call, in the order the editor left it; then retired by 停用,
 * marked so in the studio and in that call. Each run makes its own dictionary, so a retry starts afresh.
 */
const RUN = Date.now().toString(36).slice(-5);
const CODE = `lab_kind_${RUN}`;

const cell = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test('an editor creates a dictionary in the studio, orders it by keyboard and publishes it; the portal serves it at once; the editor retires it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInThroughPage(page, 'editor');
  await openFromMenu(page, '内容管理', '表单设计');
  await expect(page).toHaveTitle('表单设计 - 科创服务门户');

  await page.getByRole('button', { name: '新建', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新建申报活动、表单、字典或记录类型' });
  await dialog.getByRole('radio', { name: '字典', exact: true }).check();
  await dialog.getByLabel('名称').fill(CODE);
  await dialog.getByLabel('标题').fill('实验室类型');
  await dialog.getByRole('button', { name: '新建', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`dicts/${CODE}`).first()).toBeVisible();

  // The blank dictionary's one item becomes 国家重点实验室; two more are added.
  await cell(page, '第 1 项的取值').fill('national');
  await cell(page, '第 1 项的中文名称').fill('国家重点实验室');
  await cell(page, '第 1 项的英文名称（可选）').fill('State key laboratory');
  for (const [row, key, zh, en] of [
    [2, 'provincial', '省级重点实验室', 'Provincial key laboratory'],
    [3, 'enterprise', '企业技术中心', 'Enterprise technology centre'],
  ] as const) {
    await page.getByRole('button', { name: '添加字典项' }).click();
    await cell(page, `第 ${row} 项的取值`).fill(key);
    await cell(page, `第 ${row} 项的中文名称`).fill(zh);
    await cell(page, `第 ${row} 项的英文名称（可选）`).fill(en);
  }

  // By keyboard: 企业技术中心 moves to the top; the focus follows it, so Enter moves it again.
  await page.getByRole('button', { name: '上移第 3 项' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已把第 3 项移到第 2 项')).toBeAttached();
  await expect(page.getByRole('button', { name: '上移第 2 项' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(page, '第 1 项的中文名称')).toHaveValue('企业技术中心');
  await expect(cell(page, '第 2 项的中文名称')).toHaveValue('国家重点实验室');

  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'the dictionary editor');

  await page.getByRole('button', { name: '发布', exact: true }).click();
  const publish = page.getByRole('dialog', { name: '发布新版本' });
  await publish.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText(/已发布，各服务进程将在几秒内生效/)).toBeVisible();

  // The portal's dictionary call serves it now, in the editor's order, in both languages.
  const served = await page.request.get('/api/integrity/app/dict/list');
  expect(served.ok()).toBe(true);
  type Item = { dictKey: string; dictValue: string; dictValueEn?: string; retired?: boolean };
  const dicts = ((await served.json()) as { data: { code: string; items: Item[] }[] }).data;
  const items = dicts.find((dict) => dict.code === CODE)?.items ?? [];
  // The blank dictionary's first key, stored when it was created, is kept retired after its rename (ADR 0046).
  expect(items.filter((item) => item.retired === true).map((item) => item.dictKey)).toEqual(['item1']);
  const offered = items.filter((item) => item.retired !== true);
  expect(offered.map((item) => [item.dictKey, item.dictValue, item.dictValueEn])).toEqual([
    ['enterprise', '企业技术中心', 'Enterprise technology centre'],
    ['national', '国家重点实验室', 'State key laboratory'],
    ['provincial', '省级重点实验室', 'Provincial key laboratory'],
  ]);

  // Retired (ADR 0055): 停用, confirmed, publishes the file with retired: true; the studio marks it.
  await page.getByRole('button', { name: '停用', exact: true }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: '新的字段不能再引用这个字典' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '停用', exact: true }).click();
  await expect(page.getByText('已停用：新的字段不能再引用这个字典；已经引用它的字段照常使用')).toBeVisible();
  await expect(page.getByText('已停用', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '停用', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the retired dictionary');
  const after = ((await (await page.request.get('/api/integrity/app/dict/list')).json()) as { data: { code: string; retired?: boolean }[] })
    .data;
  expect(after.find((dict) => dict.code === CODE)?.retired).toBe(true);
});
