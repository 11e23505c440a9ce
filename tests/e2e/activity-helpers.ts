import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, formItem } from './fixtures';

// Shared steps of the activity e2e specs: the StepForm's controls, as a user reaches them.

/** A small but real PDF: the server decides the type by the magic bytes, not the name. */
export const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  ),
});

/**
 * The form item labelled `label`, innermost first: an ArrayCards item contains its cards' items,
 * so the outer one matches too, and comes first in the document.
 */
export const item = (page: Page, label: string): Locator => formItem(page, label).last();

/**
 * Picks a file in an attachment field and waits until its upload has finished. While it is on its way the
 * field lists the name too, under 上传中, and a save sent then does not carry it yet: a reload right after
 * 保存草稿 lost it on a loaded machine (issue 29).
 */
export async function attach(field: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await field.locator('input[type=file]').setInputFiles(file);
  await expect(field.locator('li[aria-label^="上传中"]')).toHaveCount(0);
  await expect(field).toContainText(file.name);
}

export const saveState = (page: Page) => page.locator('.kc-save-state');
export const stepItem = (page: Page, index: number) => page.locator('.kc-step-bar .ant-steps-item').nth(index);
export const saveResponse = (page: Page, status = 200) =>
  page.waitForResponse((response) => response.url().includes('/api/sys/form/data/saveOrUpdate') && response.status() === status);

export async function input(page: Page, label: string, value: string): Promise<void> {
  await item(page, label).locator('input, textarea').first().fill(value);
}

export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.locator('.ant-select-selector').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

export async function next(page: Page): Promise<void> {
  const saved = saveResponse(page);
  await page.getByRole('button', { name: '下一步', exact: true }).click();
  await saved;
}

/** Saves now and waits until the page says so: nothing is left only in the browser. */
export async function saveDraft(page: Page): Promise<void> {
  const saved = saveResponse(page);
  await page.getByRole('button', { name: '保存草稿', exact: true }).click();
  await saved;
  await expect(saveState(page)).toHaveAttribute('data-state', 'saved');
  await expect(saveState(page)).toHaveText(/^已保存 \d\d:\d\d$/);
}

export async function date(scope: Locator, value: string): Promise<void> {
  const field = scope.locator('input').first();
  await field.click();
  await field.fill(value);
  await field.press('Enter');
}

/** A previous run in the same database may have left the application submitted: withdraw it. */
export async function ensureEditable(request: APIRequestContext, token: string, activityId: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const response = await request.get(`/api/sys/form/data/query?activityId=${activityId}`, { headers });
  const body = (await response.json()) as { data?: { status?: string } | null };
  if (body.data?.status === 'submitted') await request.post('/api/sys/form/data/withdraw', { headers, data: { activityId } });
}
