import { DEMO_CREDIT } from '../../src/server/seed/demo-credit';
import { maskIdNumber, maskPhone } from '../../src/shared/rules/mask';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, loginThroughApi, openFromMenu, test } from './fixtures';
import { putUnitSession } from './session-helpers';
import { submitCompetition } from './submit-competition';

/**
 * SECURITY R35 end to end: the administrator opens the demo credit record of 孙某 (entered by the
 * integrity officer) and reads the identity number masked; 查看完整信息, which says the view is
 * audited, shows it in full in place; the audit administrator's 操作日志 has the 查看个人信息 row (三权分立,
 * ADR 0068). The reviewer does the same on an activity application's team phone (application.unmask, ADR 0065).
 */
test.describe.configure({ timeout: 90_000 });

const SUBJECT = '孙某';
const FULL = String(DEMO_CREDIT.find((record) => record['subjectName'] === SUBJECT)?.['idNumber']);

test('the administrator shows a masked identity number in full on the record, and the view is in the audit log', async ({
  page,
  request,
}) => {
  await putUnitSession(page, await loginThroughApi(request, 'admin'));
  await page.goto('/home');
  await openFromMenu(page, '科研诚信', '信用信息');
  const row = page.locator('.kc-schema-list tbody tr', { hasText: SUBJECT }).first();
  await expect(row).toContainText(maskIdNumber(FULL));
  await row.getByRole('link', { name: SUBJECT, exact: true }).click();
  await expect(page).toHaveURL(/\/resources\/credit\/detail\?id=/);

  const fields = page.locator('.kc-record-fields');
  await expect(fields).toContainText(maskIdNumber(FULL));
  await expect(fields).not.toContainText(FULL);
  await expect(page.locator('.kc-unmask')).toContainText('此次查看将记入审计日志');
  await expectNoSeriousA11yViolations(page, 'a credit record with its identity number masked');

  const view = page.waitForResponse((response) => /\/api\/resources\/credit\/records\/[^/]+\/unmasked$/.test(response.url()));
  await page.getByRole('button', { name: '查看完整信息' }).click();
  expect((await view).status()).toBe(200);
  await expect(fields).toContainText(FULL);
  await expect(page.getByRole('button', { name: '查看完整信息' })).toHaveCount(0);
  await expect(page.locator('.kc-unmask')).toContainText('此次查看将记入审计日志');
  await expectNoSeriousA11yViolations(page, 'a credit record with its identity number in full');

  // Newest first: the view just made, by admin, on page 1 of 操作日志, which the audit administrator reads (ADR 0068).
  await putUnitSession(page, await loginThroughApi(request, 'auditor'));
  await page.goto('/home');
  await openFromMenu(page, '科研诚信', '操作日志');
  const logged = page
    .locator('.kc-list-audit-log-all tbody tr.ant-table-row')
    .filter({ hasText: '查看个人信息' })
    .filter({ hasText: 'admin' })
    .first();
  await expect(logged).toBeVisible();
  await expect(logged).toContainText('idNumber');
  await expect(logged).not.toContainText(FULL);
});

test("the reviewer reads an application's team phone masked and shows it in full with the same control, and the view is in the audit log", async ({
  page,
  request,
  applicantToken,
}) => {
  // The competition sample's project leader, 林若溪 (tests/fixtures/activity-samples.ts).
  const phone = '13700137000';
  const applicationId = await submitCompetition(request, applicantToken);
  await putUnitSession(page, await loginThroughApi(request, 'reviewer'));
  await page.goto(`/integrity/audit/detail?id=${applicationId}`);
  const detail = page.locator('.kc-audit-detail');
  await expect(detail).toContainText('林若溪');
  await expect(detail).toContainText(maskPhone(phone));
  await expect(detail).not.toContainText(phone);
  await expect(page.locator('.kc-unmask')).toContainText('此次查看将记入审计日志');

  const view = page.waitForResponse((response) => response.url().includes('/api/sys/form/data/detail/unmasked'));
  await page.getByRole('button', { name: '查看完整信息' }).click();
  expect((await view).status()).toBe(200);
  await expect(detail).toContainText(phone);
  await expect(page.getByRole('button', { name: '查看完整信息' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'an application with its personal fields in full');

  // The audit log is the audit administrator's to read (ADR 0068): the reviewer's view is there, without the number.
  await putUnitSession(page, await loginThroughApi(request, 'auditor'));
  await page.goto('/home');
  await openFromMenu(page, '科研诚信', '操作日志');
  const logged = page
    .locator('.kc-list-audit-log-all tbody tr.ant-table-row')
    .filter({ hasText: '查看个人信息' })
    .filter({ hasText: 'reviewer' })
    .first();
  await expect(logged).toBeVisible();
  await expect(logged).toContainText('team.members[].phone');
  await expect(logged).not.toContainText(phone);
});
