import { expectNoSeriousA11yViolations } from './axe-check';
import { pdf } from './activity-helpers';
import { CAPTCHA_ANSWER, expect, formItem, loginThroughApi, expectMenuLinks, openFromMenu, test } from './fixtures';
import { putSession, putUnitSession } from './session-helpers';

/**
 * The engine end to end on a resource folder that is not one of the product's (tests/fixtures/
 * resources/lab-booking, dropped into the second server's schemas): the applicant creates a booking
 * from the list page's 新建, submits it; the reviewer finds it in the review list by a filter, returns
 * it with a note (required), the applicant resubmits, and the reviewer approves. The form's attachment
 * travels with the record to the reviewer, who downloads it. Titles in the tabs,
 * both languages, and axe on each page.
 */

const SUBJECT = `冷冻电镜样品制备 ${Date.now().toString(36)}`;
const INSTRUMENT = `冷冻透射电子显微镜 ${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

test('the applicant creates and submits a booking from the list page', async ({ page, request }) => {
  const token = await loginThroughApi(request, 'applicant');
  await page.goto('/home');
  await putSession(page, token);
  await page.goto('/resources/lab-booking/lists/mine');
  await expect(page.getByRole('heading', { name: '我的仪器预约' })).toBeVisible();
  await expect(page).toHaveTitle(/我的仪器预约/);
  await expect(page.locator('.kc-tab-title', { hasText: '我的仪器预约' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the list page');

  await page.getByRole('button', { name: '新建' }).click();
  await expect(page.getByRole('heading', { name: '新建大型仪器预约' })).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(formItem(page, '预约事项').locator('.ant-formily-item-error-help')).toHaveText('请输入');
  await formItem(page, '预约事项').locator('input').fill(SUBJECT);
  await formItem(page, '仪器名称').locator('input').fill(INSTRUMENT);
  await formItem(page, '技术领域').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '电子信息' }).click();
  await formItem(page, '预约机时').locator('input').fill('6');
  await formItem(page, '联系电话').locator('input').fill('13912345678');
  // A record's Upload field sends its file to the resource (ADR 0011).
  await formItem(page, '盖章的预约申请表').locator('input[type=file]').setInputFiles(pdf('仪器预约申请表（盖章）.pdf'));
  await expect(formItem(page, '盖章的预约申请表')).toContainText('仪器预约申请表（盖章）.pdf');
  await expectNoSeriousA11yViolations(page, 'the form page');
  await page.getByRole('button', { name: '保存' }).click();

  await expect(page).toHaveURL(/\/resources\/lab-booking\/detail\?id=/);
  await expect(page.locator('.kc-record-fields')).toContainText(SUBJECT);
  await expect(page.locator('.kc-record-fields')).toContainText('电子信息');
  await expect(page.locator('.kc-record-fields .kc-file-list')).toContainText('仪器预约申请表（盖章）.pdf');
  await expect(page.locator('.kc-record-status')).toHaveText('草稿');
  await expectNoSeriousA11yViolations(page, 'the detail page');
  await page.locator('.kc-record-actions').getByRole('button', { name: '提交' }).click();
  await page.locator('.ant-modal').getByRole('button', { name: '提交' }).click();
  await expect(page.locator('.kc-record-status')).toHaveText('待审核');
  await expect(page.locator('.kc-record-history')).toContainText('提交');
});

test('the reviewer returns it with a note, the applicant resubmits, the reviewer approves', async ({ browser, request }) => {
  // Two browser contexts through three decisions: on a loaded 2-core machine it outran 30 s (issue 29's run).
  test.slow();
  const reviewerToken = await loginThroughApi(request, 'reviewer');
  const applicantToken = await loginThroughApi(request, 'applicant');
  const baseURL = test.info().project.use.baseURL;
  const reviewerContext = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const applicantContext = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const reviewer = await reviewerContext.newPage();
  await putUnitSession(reviewer, reviewerToken);
  await reviewer.goto('/home');
  // The list file asks for a place in the 科研诚信 menu (menu.order 35: after 审核管理).
  await expectMenuLinks(reviewer, '科研诚信', [
    '审核管理',
    '需求审核',
    '询价处理',
    '邀请函审核',
    '仪器预约审核',
    '留言回复',
    '入驻审核',
    '企业认证审核',
    '融资审核',
  ]);
  await openFromMenu(reviewer, '科研诚信', '仪器预约审核');
  await expect(reviewer).toHaveURL(/\/resources\/lab-booking\/lists\/review$/);
  await expect(reviewer.getByRole('heading', { name: '仪器预约审核' })).toBeVisible();
  await reviewer.locator('.kc-list-filters').getByLabel('仪器名称').fill(INSTRUMENT);
  await reviewer.locator('.kc-list-filters').getByRole('button', { name: '查询' }).click();
  const row = reviewer.locator('.kc-schema-list tbody tr', { hasText: SUBJECT });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待审核');
  await expectNoSeriousA11yViolations(reviewer, 'the review list');

  await row.getByRole('button', { name: '退回修改' }).click();
  const dialog = reviewer.locator('.ant-modal');
  // Under a loaded CI machine a click that lands while the dialog is still opening can be lost (seen
  // once in a full run); sending an empty note again is harmless, so the check retries the click.
  await expect(async () => {
    await dialog.getByRole('button', { name: '退回修改' }).click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('请输入意见', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByLabel('意见').fill('请补充样品的冷冻保存条件');
  await dialog.getByRole('button', { name: '退回修改' }).click();
  await expect(row).toContainText('退回修改');

  const applicant = await applicantContext.newPage();
  await applicant.goto('/home');
  await putSession(applicant, applicantToken);
  await applicant.goto('/resources/lab-booking/lists/mine');
  const mine = applicant.locator('.kc-schema-list tbody tr', { hasText: SUBJECT });
  await expect(mine).toContainText('退回修改');
  await mine.getByRole('link', { name: '查看' }).click();
  await expect(applicant.locator('.kc-record-history')).toContainText('请补充样品的冷冻保存条件');
  await applicant.locator('.kc-record-actions').getByRole('button', { name: '提交' }).click();
  await applicant.locator('.ant-modal').getByRole('button', { name: '提交' }).click();
  await expect(applicant.locator('.kc-record-status')).toHaveText('待审核');

  await reviewer.reload();
  await reviewer.locator('.kc-list-filters').getByLabel('仪器名称').fill(INSTRUMENT);
  await reviewer.locator('.kc-list-filters').getByRole('button', { name: '查询' }).click();
  await row.getByRole('link', { name: '查看' }).click();
  // The submitted record's file opens for its reviewer.
  const download = reviewer.waitForEvent('download');
  await reviewer.locator('.kc-file-list').getByRole('button', { name: /下载/ }).click();
  expect((await download).suggestedFilename()).toBe('仪器预约申请表（盖章）.pdf');
  await reviewer.locator('.kc-record-actions').getByRole('button', { name: '通过', exact: true }).click();
  await reviewer.locator('.ant-modal').getByRole('button', { name: '通过', exact: true }).click();
  await expect(reviewer.locator('.kc-record-status')).toHaveText('已通过');
  await expect(reviewer.locator('.kc-record-actions button')).toHaveCount(0);
  await reviewerContext.close();
  await applicantContext.close();
});

test('the pages speak English, and an applicant gets no review list', async ({ page, request }) => {
  const token = await loginThroughApi(request, 'applicant');
  await page.goto('/home');
  await putSession(page, token);
  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  await page.goto('/resources/lab-booking/lists/mine');
  await expect(page.getByRole('heading', { name: 'My instrument bookings' })).toBeVisible();
  await expect(page.locator('.kc-schema-list thead')).toContainText('Technology field');
  await page.evaluate(() => localStorage.setItem('app-language', 'zh-CN'));
  await page.goto('/resources/lab-booking/lists/review');
  await expect(page.locator('.kc-load-failed')).toBeVisible();
});

test('a visitor publishes a demand through a folder that allows it, behind the captcha', async ({ page }) => {
  const title = `工业机器人视觉定位 ${Date.now().toString(36)}`;
  await page.goto('/resources/tech-demand/new');
  await expect(page.getByRole('heading', { name: '新建技术需求征集' })).toBeVisible();
  await expect(page.locator('.kc-captcha-image img')).toBeVisible();
  await formItem(page, '需求名称').locator('input').fill(title);
  await formItem(page, '单位名称').locator('input').fill('华东智能装备研究院');
  await formItem(page, '联系电话').locator('input').fill('13700001234');
  await formItem(page, '验证码').locator('input').first().fill('wrong');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(formItem(page, '验证码').locator('.ant-formily-item-error-help')).toHaveText('验证码错误');
  await expectNoSeriousA11yViolations(page, 'the visitor form');
  await formItem(page, '验证码').locator('input').first().fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.kc-record-sent')).toContainText('保存成功');

  await page.goto('/resources/lab-booking/new');
  await expect(page).toHaveURL(/\/home$/);
});

test('a unit administrator confirms a member’s record from the unit list (actor orgAdmin)', async ({ page, request }) => {
  const title = `飞秒激光气膜孔加工方法 ${Date.now().toString(36)}`;
  const asUser = async (username: string): Promise<{ token: string; headers: Record<string, string> }> => {
    const token = await loginThroughApi(request, username);
    const headers = { authorization: `Bearer ${token}` };
    // The unit's records are the current unit's: both act for 星河智能科技有限公司.
    const units = (await (await request.get('/api/integrity/app/user/unit/list', { headers })).json()) as {
      data: { id: string; name: string }[];
    };
    const unit = units.data.find((entry) => entry.name === '星河智能科技有限公司');
    expect(unit).toBeDefined();
    expect((await request.post(`/api/integrity/app/user/settings/unit?unitId=${unit?.id ?? ''}`, { headers })).ok()).toBe(true);
    return { token, headers };
  };
  const member = (await asUser('applicant')).headers;
  const created = (await (
    await request.post('/api/resources/unit-report/create', {
      headers: member,
      data: { outputTitle: title, outputType: 'patent', year: 2026 },
    })
  ).json()) as { data: { id: string; version: number } };
  expect(
    (
      await request.post('/api/resources/unit-report/transitions/submit', {
        headers: member,
        data: { id: created.data.id, version: created.data.version },
      })
    ).ok(),
  ).toBe(true);

  const admin = await asUser('unitadmin');
  await page.goto('/home');
  await putSession(page, admin.token);
  await page.goto('/resources/unit-report/lists/unit');
  await expect(page.getByRole('heading', { name: '本单位成果登记' })).toBeVisible();
  const row = page.locator('.kc-schema-list tbody tr', { hasText: title });
  await expect(row).toContainText('待单位确认');
  await expect(row).toContainText('张伟');
  await expectNoSeriousA11yViolations(page, 'the unit list');
  await row.getByRole('button', { name: '单位确认' }).click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByLabel('意见').fill('成果真实，同意报送');
  // As above: a click landing while the dialog still opens can be lost on a loaded machine (seen
  // once in a full run); the dialog closes once the decision is sent.
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: '单位确认' }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(row).toContainText('待审核');
  await expect(row.getByRole('button', { name: '单位确认' })).toHaveCount(0);
});
