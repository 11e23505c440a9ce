import { expectNoSeriousA11yViolations } from './axe-check';
import type { Page } from '@playwright/test';
import { expect, loginThroughApi, openFromMenu, test } from './fixtures';
import { putUnitSession } from './session-helpers';
import { COMPETITION_TITLE, submitCompetition } from './submit-competition';

/**
 * Spec §6 end to end on 科研诚信 > 审核管理: the applicant's submitted application (made through the
 * API) is found by the reviewer in the generated menu, opened and returned with a note, and the
 * applicant sees 退回修改; the integrity staff (application query/get, no update) see the list and
 * the detail but no review buttons (the action directive); the applicant has no 科研诚信 menu and
 * gets the 403 page at /integrity/audit.
 */

const APPLICANT_NAME = '张伟';

/** Opens /home and waits until the session has loaded the generated routes; returns their titles. */
async function homeWithRoutes(page: Page): Promise<string[]> {
  // From a blank page: the page the session was put into may still be asking for its routes, and that
  // answer's body is gone once /home replaces it.
  await page.goto('about:blank');
  const routes = page.waitForResponse((response) => response.url().includes('/api/integrity/app/user/routes') && response.ok());
  await page.goto('/home');
  const body = (await (await routes).json()) as { data: Array<{ meta: { title: string }; children?: Array<{ meta: { title: string } }> }> };
  return body.data.flatMap((route) => [route.meta.title, ...(route.children ?? []).map((child) => child.meta.title)]);
}

// 审核管理 is the list file schemas/resources/application/lists/review.list.json.
const REVIEW_LIST = '/api/resources/application/lists/review';
const integrityMenu = (page: Page) => page.locator('.kc-main-nav').getByRole('menuitem', { name: '科研诚信' });
const auditRow = (page: Page) =>
  page.locator('.kc-list-application-review tbody tr').filter({ hasText: COMPETITION_TITLE }).filter({ hasText: APPLICANT_NAME });
const reviewButton = (page: Page, name: string) => page.locator('.kc-review-actions').getByRole('button', { name, exact: true });

/** 审核管理 filtered to 已提交, where the freshly submitted entry is on the first page. */
async function showSubmitted(page: Page): Promise<void> {
  const filtered = page.waitForResponse(
    (response) => response.url().includes(REVIEW_LIST) && response.request().postData()?.includes('"submitted"') === true,
  );
  const filters = page.locator('.kc-list-filters');
  await filters.locator('.ant-form-item').filter({ hasText: '状态' }).locator('.ant-select-selector').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^已提交$/ })
    .click();
  await filters.getByRole('button', { name: '查询' }).click();
  await filtered;
}

test.describe('科研诚信 > 审核管理 (spec §6)', () => {
  test('the reviewer finds the submitted application through the menu, returns it with a note, and the applicant sees 退回修改', async ({
    page,
    request,
    applicantToken,
    browser,
  }) => {
    test.setTimeout(90_000);
    const applicationId = await submitCompetition(request, applicantToken);
    const reviewerToken = await loginThroughApi(request, 'reviewer');
    await putUnitSession(page, reviewerToken);
    expect(await homeWithRoutes(page)).toContain('审核管理');

    // The generated menu: 科研诚信 opens its pages (a popup in the top layout).
    await openFromMenu(page, '科研诚信', '审核管理');
    await expect(page).toHaveURL(/\/integrity\/audit$/);
    await expect(page.locator('.kc-list-application-review')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '审核管理');
    await showSubmitted(page);
    const row = auditRow(page);
    await expect(row).toHaveCount(1);
    await expect(row.locator('.kc-record-status')).toHaveText('已提交');

    await row.getByRole('link', { name: '查看', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/integrity/audit/detail\\?id=${applicationId}$`));
    // Every step, read-only, with the applicant's values.
    const detail = page.locator('.kc-audit-detail');
    await expect(detail.locator('.kc-application-step > .ant-card-head .ant-card-head-title')).toHaveText([
      '参赛项目信息',
      '团队成员',
      '参赛材料',
    ]);
    await expect(detail).toContainText('杭州澄源新材料科技有限公司');
    await expect(detail).toContainText('林若溪');
    await expect(detail.locator('.kc-audit-info')).toContainText(APPLICANT_NAME);
    await expect(detail.locator('.kc-application-status').first()).toHaveText('已提交');

    // 退回修改 needs a note.
    await reviewButton(page, '退回修改').click();
    const modal = page.locator('.kc-review-modal');
    await expect(modal.locator('.ant-modal-title')).toHaveText('确认退回修改？');
    // A click during antd's zoom-in can be lost: wait until the dialog has settled.
    await expect(modal).not.toHaveClass(/ant-zoom-enter/);
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await expect(modal).toContainText('请输入审核意见');
    await modal.getByRole('textbox').fill('请补充团队成员的社保缴纳证明');
    const reviewed = page.waitForResponse(
      (response) => response.url().includes('/api/sys/form/data/review') && response.request().method() === 'POST',
    );
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    expect((await reviewed).status()).toBe(200);
    await expect(modal).toBeHidden();
    await expect(page.getByText('审核完成')).toBeVisible();
    await expect(detail.locator('.kc-application-status').first()).toHaveText('退回修改');
    // A returned application offers no further review.
    await expect(page.locator('.kc-review-actions')).toHaveCount(0);
    await expect(detail).toContainText('仅“已提交”的申报可以审核。');

    // The applicant, in a browser of their own, sees the outcome in 我的申报.
    const applicantContext = await browser.newContext();
    const applicantPage = await applicantContext.newPage();
    await applicantPage.addInitScript((token) => localStorage.setItem('ACCESS_TOKEN', token), applicantToken);
    await applicantPage.goto('/activitiesFormList');
    const mine = applicantPage.locator('.kc-list-application-mine tbody tr').filter({ hasText: COMPETITION_TITLE });
    await expect(mine.locator('.kc-record-status')).toHaveText('退回修改');
    // The history on the detail has the decision with its note.
    await expect(detail).toContainText('请补充团队成员的社保缴纳证明');
    // 继续填写 opens the form, which says what to revise.
    await mine.getByRole('link', { name: '继续填写', exact: true }).click();
    await expect(applicantPage.locator('.kc-returned-hint')).toContainText('该申报已被退回，请修改后重新提交。');
    await expect(applicantPage.locator('.kc-returned-hint')).toContainText('审核意见：请补充团队成员的社保缴纳证明');
    await applicantContext.close();
  });

  test('the integrity staff see the list and the detail, but no review buttons (the action directive)', async ({
    page,
    request,
    applicantToken,
  }) => {
    test.setTimeout(60_000);
    const applicationId = await submitCompetition(request, applicantToken);
    const integrityToken = await loginThroughApi(request, 'integrity');
    await putUnitSession(page, integrityToken);
    expect(await homeWithRoutes(page)).toContain('审核管理');

    await page.goto('/integrity/audit');
    await showSubmitted(page);
    const row = auditRow(page);
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: '查看', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/integrity/audit/detail\\?id=${applicationId}$`));
    const detail = page.locator('.kc-audit-detail');
    await expect(detail.locator('.kc-application-step > .ant-card-head .ant-card-head-title')).toHaveText([
      '参赛项目信息',
      '团队成员',
      '参赛材料',
    ]);
    await expect(detail).toContainText('杭州澄源新材料科技有限公司');
    await expect(detail.locator('.kc-application-status').first()).toHaveText('已提交');
    // A submitted application, which the reviewer could review: here the buttons are not there at all.
    for (const name of ['通过', '退回修改', '不予通过']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(page.locator('.kc-review-actions')).toHaveCount(0);
    // The server agrees: no application.update.
    const refused = await request.post('/api/sys/form/data/review', {
      headers: { Authorization: `Bearer ${integrityToken}` },
      data: { applicationId, action: 'approve', version: 1 },
    });
    expect(refused.status()).toBe(403);
  });

  test('the applicant has no 科研诚信 menu and gets the 403 page at /integrity/audit', async ({ page, request, applicantToken }) => {
    const lists: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes(REVIEW_LIST) || call.url().includes('/api/sys/form/data/queryApplicationList')) lists.push(call.url());
    });
    await putUnitSession(page, applicantToken);
    // The routes are loaded, and hold nothing for an applicant.
    expect(await homeWithRoutes(page)).toEqual([]);
    await expect(page.locator('.kc-main-nav').getByRole('link', { name: '我的申报', exact: true })).toBeVisible();
    await expect(integrityMenu(page)).toHaveCount(0);

    await page.goto('/integrity/audit');
    await expect(page).toHaveURL(/\/integrity\/audit$/);
    await expect(page.locator('.kc-exception-403')).toContainText('抱歉，您无权访问此页面');
    await page.goto(`/integrity/audit/detail?id=00000000-0000-4000-8000-000000000000`);
    await expect(page.locator('.kc-exception-403')).toBeVisible();
    // The page did not even ask; the server would refuse anyway.
    expect(lists).toEqual([]);
    const refused = await request.post('/api/sys/form/data/queryApplicationList', {
      headers: { Authorization: `Bearer ${applicantToken}` },
      data: {},
    });
    expect(refused.status()).toBe(403);
  });
});
