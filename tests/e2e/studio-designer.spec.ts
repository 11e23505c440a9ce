import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test, tokenCache } from './fixtures';

/*
 * The studio's visual designer by keyboard only (issue 32): an editor adds a field from the palette,
 * names it, gives it a ready format, moves it with the row's buttons and with the drag handle's
 * keyboard sensor, and the JSON editor holds the same standard JSON Schema. Nothing is published:
 * the studio-grant activity stays as the other studio specs expect it.
 */
const ACTIVITY = 'studio-grant';
const tokens = tokenCache();

/** The designer's rows, top to bottom, by their keys. */
const rowNames = (page: Page) =>
  page.locator('.kc-designer-tree').first().locator(':scope > li > .kc-designer-row-line .kc-designer-row-name').allInnerTexts();

test('an editor adds, names and moves a field by keyboard only, and the JSON holds it', async ({ page, request }) => {
  const editorToken = await tokens(request, 'editor');
  await page.addInitScript((value) => {
    if (!localStorage.getItem('ACCESS_TOKEN')) localStorage.setItem('ACCESS_TOKEN', value);
  }, editorToken);
  await page.goto(`/content/studio?kind=activity&name=${ACTIVITY}`);
  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  await page.getByRole('tab', { name: /basic\.schema\.json/ }).press('Enter');
  await expect(page.getByRole('group', { name: '字段类型' })).toBeVisible();
  expect(await rowNames(page)).toEqual(['projectName', 'budget', 'hasPartner', 'partnerName']);

  // Select the project name by keyboard, then add a text field after it from the palette.
  await page.locator('#kc-designer-row-projectName').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: '字段类型' }).getByRole('button', { name: '+ 单行文本' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => rowNames(page)).toEqual(['projectName', 'text', 'budget', 'hasPartner', 'partnerName']);

  // Its properties, typed: a label in both languages and the ready format for e-mail.
  const title = page.getByLabel('标题（中文）');
  await title.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('联系邮箱');
  await page.getByLabel('标题（英文）').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Contact e-mail');
  await page.getByLabel('格式').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('电子邮箱');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('格式').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('电子邮箱');

  // Down one with the row's button; the focus comes back to the row.
  await page.getByRole('button', { name: '下移：联系邮箱' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => rowNames(page)).toEqual(['projectName', 'budget', 'text', 'hasPartner', 'partnerName']);
  await expect(page.locator('#kc-designer-row-text')).toBeFocused();

  // Up two with the drag handle: Space picks it up, the arrows move it, Space drops it.
  await page.getByRole('button', { name: '拖动以排序：联系邮箱' }).focus();
  // As a person does it: each key after the list has moved for the one before.
  for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(() => rowNames(page)).toEqual(['text', 'projectName', 'budget', 'hasPartner', 'partnerName']);

  await expect(page.getByTestId('studio-check')).toHaveText(/检查通过/);
  await expectNoSeriousA11yViolations(page, 'the schema designer');

  // The JSON editor holds the same schema: standard keywords, the field first.
  await page.locator('.ant-segmented').getByText('JSON', { exact: true }).click();
  // CodeMirror draws the lines in view only: the new field is at the top of the properties, so it is drawn.
  const editor = page.getByRole('textbox', { name: 'basic.schema.json 的 JSON 内容' });
  await expect(editor).toContainText('"title": "联系邮箱"');
  const json = await editor.innerText();
  expect(json.indexOf('"text": {')).toBeGreaterThan(0);
  expect(json.indexOf('"text": {')).toBeLessThan(json.indexOf('"projectName": {'));
  for (const line of ['"type": "string"', '"format": "email"', '"title": "Contact e-mail"']) expect(json).toContain(line);
});
