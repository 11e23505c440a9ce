import type { Page } from '@playwright/test';
import { ensureEditable, saveState } from './activity-helpers';
import { confirmDialog, expect, formItem, test } from './fixtures';

/**
 * Leaving the step form inside the app with unsaved changes asks first (react-router's blocker on
 * the data router): 留在此页 keeps the page and the typed value, 离开 goes; once the autosave has
 * stored everything (已保存), the same link just navigates.
 */

const COMPETITION = 'innovation-competition';
const FORM_URL = `/home/activities/projectInfo?activityId=${COMPETITION}`;

const projectName = (page: Page) => formItem(page, '参赛项目名称').last().locator('input');
const myApplicationsLink = (page: Page) => page.locator('.kc-main-nav').getByRole('link', { name: '我的申报', exact: true });
const leaveConfirm = (page: Page) => page.locator('.kc-leave-confirm');

/**
 * Holds every save until released: the autosave fires about 3 s after typing, and a slow machine
 * must not let it finish before the link is clicked (a save on its way still counts as unsaved).
 */
async function holdSaves(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/sys/form/data/saveOrUpdate', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

async function openForm(page: Page): Promise<void> {
  await page.goto(FORM_URL);
  await expect(projectName(page)).toBeEditable();
}

test.describe('leaving the step form', () => {
  test('asks while a change is unsaved: 留在此页 keeps it, and once 已保存 the link just navigates', async ({
    applicantPage: page,
    applicantToken,
    request,
  }) => {
    await ensureEditable(request, applicantToken, COMPETITION);
    await openForm(page);
    const releaseSaves = await holdSaves(page);
    const value = `离开提示测试项目 ${Date.now()}`;
    await projectName(page).fill(value);
    await expect(saveState(page)).toHaveAttribute('data-state', /^(dirty|saving)$/);
    await myApplicationsLink(page).click();

    const confirm = leaveConfirm(page);
    await expect(confirm).toContainText('离开此页面？');
    await expect(confirm).toContainText('您有尚未保存的修改');
    await confirmDialog(page, '留在此页');
    await expect(page).toHaveURL(new RegExp(`/home/activities/projectInfo\\?activityId=${COMPETITION}$`));
    await expect(projectName(page)).toHaveValue(value);

    // The autosave stores the change; nothing is left to lose, so nothing is asked.
    releaseSaves();
    await expect(saveState(page)).toHaveText(/^已保存 \d\d:\d\d$/);
    await myApplicationsLink(page).click();
    await expect(page).toHaveURL(/\/activitiesFormList$/);
    await expect(leaveConfirm(page)).toHaveCount(0);

    const stored = await request.get(`/api/sys/form/data/query?activityId=${COMPETITION}`, {
      headers: { Authorization: `Bearer ${applicantToken}` },
    });
    const body = (await stored.json()) as { data: { data: { project?: { projectName?: string } } } };
    expect(body.data.data.project?.projectName).toBe(value);
  });

  test('离开 leaves at once, and the change is still sent', async ({ applicantPage: page, applicantToken, request }) => {
    await ensureEditable(request, applicantToken, COMPETITION);
    await openForm(page);
    const releaseSaves = await holdSaves(page);
    const value = `离开后仍保存 ${Date.now()}`;
    await projectName(page).fill(value);
    await expect(saveState(page)).toHaveAttribute('data-state', /^(dirty|saving)$/);
    await myApplicationsLink(page).click();

    const confirm = leaveConfirm(page);
    await expect(confirm).toContainText('离开此页面？');
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/sys/form/data/saveOrUpdate') && response.status() === 200,
    );
    await confirm.getByRole('button', { name: '离开', exact: true }).click();
    await expect(page).toHaveURL(/\/activitiesFormList$/);
    await expect(page.locator('.kc-list-application-mine')).toBeVisible();
    releaseSaves();
    await saved;

    const stored = await request.get(`/api/sys/form/data/query?activityId=${COMPETITION}`, {
      headers: { Authorization: `Bearer ${applicantToken}` },
    });
    const body = (await stored.json()) as { data: { data: { project?: { projectName?: string } } } };
    expect(body.data.data.project?.projectName).toBe(value);
  });
});
