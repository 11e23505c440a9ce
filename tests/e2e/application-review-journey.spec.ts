import { confirmUnitChoice, expect, logInThroughPage, test } from './fixtures';
import { COMPETITION, COMPETITION_TITLE, submitCompetition } from './submit-competition';

/**
 * Issue 31's journey, through the login page both times: the reviewer lands on the workbench with the
 * 科研诚信 menu, opens the applications waiting for review from it and returns the applicant's entry with
 * a note; the applicant sees the notice in the bell, opens it and follows it to their application, now
 * 退回修改 with the note. Returned, not approved, so the entry stays reusable for review-audit.spec.
 */
test('the reviewer decides an application from the workbench; the applicant hears of it in the bell and sees the new state', async ({
  page,
  request,
  applicantToken,
  browser,
}) => {
  test.setTimeout(60_000);
  const applicationId = await submitCompetition(request, applicantToken);
  const note = `请补充知识产权证明 ${Date.now().toString(36)}`;

  await logInThroughPage(page, 'reviewer');
  await expect(page).toHaveURL(/\/workbench$/);
  await expect(page.locator('.kc-main-nav').getByRole('menuitem', { name: '科研诚信' })).toBeVisible();
  const queue = page.locator('[data-queue="application/review/submitted"]');
  await expect(queue.locator('.kc-workbench-oldest')).toContainText('最早一条等待');
  // The oldest waiting may be another spec's entry: its link leads to the review detail, and the queue's list holds ours.
  await expect(queue.getByRole('link', { name: '处理最早一条' })).toHaveAttribute('href', /^\/integrity\/audit\/detail\?id=/);
  await queue.getByRole('link', { name: '查看列表' }).click();
  await expect(page).toHaveURL(/\/resources\/application\/lists\/review\?status=submitted$/);
  const row = page.locator('.kc-list-application-review tbody tr').filter({ hasText: COMPETITION_TITLE }).filter({ hasText: '张伟' });
  await row.getByRole('link', { name: '查看', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/integrity/audit/detail\\?id=${applicationId}$`));

  await page.locator('.kc-review-actions').getByRole('button', { name: '退回修改', exact: true }).click();
  const modal = page.locator('.kc-review-modal');
  await expect(modal).not.toHaveClass(/ant-zoom-enter/);
  await modal.getByRole('textbox').fill(note);
  await modal.getByRole('button', { name: '确定', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator('.kc-audit-detail .kc-application-status').first()).toHaveText('退回修改');

  // The applicant, in a browser of their own, through the login page; a member of two units, they choose one first.
  const context = await browser.newContext();
  const applicant = await context.newPage();
  await logInThroughPage(applicant, 'applicant');
  await confirmUnitChoice(applicant);
  await expect(applicant).toHaveURL(/\/(home|workbench)$/);
  const bell = applicant.locator('.kc-notification-bell');
  await expect(bell.locator('.kc-notification-bell-label')).toHaveText(/（\d+条未读）/);
  await bell.click();
  await expect(applicant).toHaveURL(/\/account\/notifications$/);
  const notice = applicant.locator('.kc-notification', { hasText: note });
  await expect(notice).toContainText('申报·退回修改');
  await expect(notice).toContainText(`您的「${COMPETITION_TITLE}」申报被退回修改，原因：${note}`);
  await notice.getByRole('link', { name: '查看记录' }).click();
  await expect(applicant).toHaveURL(new RegExp(`/home/activities/applicationFormGroup\\?activityId=${COMPETITION}$`));
  await expect(applicant.locator('.kc-application-status').first()).toHaveText('退回修改');
  await expect(applicant.locator('.kc-review-note')).toContainText(note);
  await context.close();
});
