import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { residentIdCheckChar } from '../../src/shared/rules/resident-id-number';
import { pdf } from './activity-helpers';
import { expectNoSeriousA11yViolations } from './axe-check';
import { confirmDialog, expect, formItem, openFromMenu, test, tokenCache } from './fixtures';
import { putSession, putUnitSession } from './session-helpers';

/**
 * 信用修复 (schemas/resources/credit-fix; issue 11): 张伟 of 星河智能 applies to repair the demo credit
 * record of 钱某某 (a wrong identity number is refused on the decision field first); 陈静, his unit's
 * administrator, approves it in 信用修复单位审核; the integrity officer approves it in 科研诚信 >
 * 信用修复审核, and 信用信息 then shows the record 已修复.
 */
test.describe.configure({ timeout: 120_000 });

const tokenOf = tokenCache();
const BASIS = '江科信〔2026〕7号处理决定';
const ID_FIRST17 = '42010219790923181';
const ID_NUMBER = ID_FIRST17 + residentIdCheckChar(ID_FIRST17);

async function pageAs(browser: Browser, token: string, unit: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  if (unit) await putUnitSession(page, token);
  else {
    await page.goto('/home');
    await putSession(page, token);
  }
  // The session is in the storage; the portal reads it as it loads.
  await page.goto('/home');
  return page;
}

/** Another spec may have switched 张伟 to his second unit: the repair belongs to 星河智能, whose administrator is 陈静. */
async function chooseUnit(request: APIRequestContext, token: string, name: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const units = (await (await request.get('/api/integrity/app/user/unit/list', { headers })).json()) as {
    data: { id: string; name: string }[];
  };
  const unit = units.data.find((candidate) => candidate.name === name);
  expect(unit).toBeTruthy();
  expect((await request.post(`/api/integrity/app/user/settings/unit?unitId=${unit?.id ?? ''}`, { headers })).ok()).toBe(true);
}

async function openService(page: Page, name: string): Promise<void> {
  await page.goto('/account/center');
  await page.locator('.kc-account-services').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test("a credit repair goes from the applicant through his unit's audit to the commission's approval, and the credit record is repaired", async ({
  browser,
  request,
}) => {
  const applicantToken = await tokenOf(request, 'applicant');
  await chooseUnit(request, applicantToken, '星河智能科技有限公司');
  const applicant = await pageAs(browser, applicantToken, false);
  await openService(applicant, '我的信用修复');
  await applicant.getByRole('button', { name: '新建' }).click();
  await formItem(applicant, '处理决定').locator('input').fill(BASIS);
  await formItem(applicant, '主体类型').getByRole('radio', { name: '科研人员' }).check();
  await formItem(applicant, '主体名称').locator('input').fill('钱某某');
  await formItem(applicant, '身份证号码').locator('input').fill('110105199003071239');
  await formItem(applicant, '修复理由').locator('textarea').fill('处理决定执行期间已全额退回违规使用的项目经费，未再发生失信行为。');
  await formItem(applicant, '整改措施')
    .locator('textarea')
    .fill('退回违规支出46.8万元；参加科研经费管理专题培训；课题组建立经费支出双人审批制度。');
  await formItem(applicant, '证明材料').locator('input[type=file]').setInputFiles(pdf('经费退回凭证.pdf'));
  await expect(formItem(applicant, '证明材料')).toContainText('经费退回凭证.pdf');
  await formItem(applicant, '联系人').locator('input').fill('张伟');
  await formItem(applicant, '联系电话').locator('input').fill('13800000001');
  await applicant.getByRole('button', { name: '保存' }).click();
  // Another person's number: no such record in force, said on the decision field.
  await expect(formItem(applicant, '处理决定').locator('.ant-formily-item-error-help')).toHaveText(
    '没有找到这条有效的信用信息，请核对处理决定文号和证件号码',
  );
  await formItem(applicant, '身份证号码').locator('input').fill(ID_NUMBER);
  await expectNoSeriousA11yViolations(applicant, 'the credit repair form');
  await applicant.getByRole('button', { name: '保存' }).click();
  await expect(applicant).toHaveURL(/\/resources\/credit-fix\/detail\?id=/);
  await applicant.locator('.kc-record-actions').getByRole('button', { name: '提交申请' }).click();
  await confirmDialog(applicant, '提交申请');
  await expect(applicant.locator('.kc-record-status')).toHaveText('单位审核中');

  // 陈静 audits it for the unit.
  const unitAdmin = await pageAs(browser, await tokenOf(request, 'unitadmin'), false);
  await openService(unitAdmin, '信用修复单位审核');
  const unitRow = unitAdmin.locator('.kc-schema-list tbody tr', { hasText: BASIS });
  await expect(unitRow).toContainText('单位审核中');
  await expectNoSeriousA11yViolations(unitAdmin, "the unit's credit repair list");
  await unitRow.getByRole('button', { name: '单位审核通过' }).click();
  const unitDialog = unitAdmin.locator('.ant-modal');
  await unitDialog.getByLabel('意见').fill('经核实，经费已全额退回，同意报送');
  await unitDialog.getByRole('button', { name: '单位审核通过' }).click();
  await expect(unitRow).toContainText('委员会审核中');

  // The commission approves it in 科研诚信 > 信用修复审核.
  const officer = await pageAs(browser, await tokenOf(request, 'integrity'), true);
  await openFromMenu(officer, '科研诚信', '信用修复审核');
  const row = officer.locator('.kc-schema-list tbody tr', { hasText: BASIS });
  await expect(row).toContainText('委员会审核中');
  await expect(row).toContainText('420102********');
  await expectNoSeriousA11yViolations(officer, "the commission's credit repair list");
  await row.getByRole('link', { name: '查看' }).click();
  await expect(officer.locator('.kc-record-history')).toContainText('经核实，经费已全额退回，同意报送');
  await officer.locator('.kc-record-actions').getByRole('button', { name: '同意修复' }).click();
  const dialog = officer.locator('.ant-modal');
  await dialog.getByLabel('意见').fill('整改到位，同意修复');
  await dialog.getByRole('button', { name: '同意修复' }).click();
  await expect(officer.locator('.kc-record-status')).toHaveText('已修复');

  // The credit record's standing changed, and the repair log shows it.
  await openFromMenu(officer, '科研诚信', '信用信息');
  await expect(officer.locator('.kc-schema-list tbody tr', { hasText: '钱某某' })).toContainText('已修复');
  // The repair log is the audit administrator's to read (三权分立, ADR 0068).
  const auditor = await pageAs(browser, await tokenOf(request, 'auditor'), true);
  await openFromMenu(auditor, '科研诚信', '信用修复日志');
  await expect(auditor.getByRole('heading', { name: '信用修复日志' })).toBeVisible();
  await expect(auditor.locator('.kc-schema-list tbody tr').first()).toContainText('integrity');
  await expectNoSeriousA11yViolations(auditor, 'the credit repair log');

  await applicant.reload();
  await expect(applicant.locator('.kc-record-status')).toHaveText('已修复');
  await expect(applicant.locator('.kc-record-history')).toContainText('整改到位，同意修复');
});
