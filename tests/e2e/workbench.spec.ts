import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { CAPTCHA_ANSWER, confirmUnitChoice, expect, logInThroughPage as logIn, test, tokenCache } from './fixtures';

/**
 * 工作台 and the landing after login (issue 31): the reviewer logs in through the page, lands on the
 * workbench with the 科研诚信 menu (their one unit chosen for them, spec §4), sees a need waiting and
 * opens the oldest; the applicant, a member of two units, is asked which one first.
 */
const tokenOf = tokenCache();

const storedUnit = async (page: Page): Promise<{ isSelect?: number; name?: string; token?: string }> => {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'userUnit');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { isSelect?: number; name?: string }) : {};
};

test('the reviewer lands on the workbench with the 科研诚信 menu and opens the oldest waiting need', async ({ page, request }) => {
  // A need waiting for review (pending), submitted by the applicant.
  const auth = { Authorization: `Bearer ${await tokenOf(request, 'applicant')}` };
  expect((await request.get('/api/resources/need/captcha', { headers: auth })).ok()).toBe(true);
  const created = await request.post('/api/resources/need/create', {
    headers: auth,
    data: {
      needTitle: `工作台待审需求 ${Date.now().toString(36)}`,
      needType: '1',
      field: '01',
      company: '云帆微电子有限公司',
      budget: 80,
      expectedDate: '2027-06-30',
      contactName: '周敏',
      contactPhone: '13600001111',
      description: '需要对12英寸晶圆表面缺陷进行自动识别与分类，识别准确率不低于98%，可与现有检测设备对接。',
      code: CAPTCHA_ANSWER,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await logIn(page, 'reviewer');
  await expect(page).toHaveURL(/\/workbench$/);
  await expect(page.getByRole('heading', { name: '工作台', level: 2 })).toBeVisible();
  await expect(page).toHaveTitle(/^工作台 - /);
  // Spec §3/§4: the login flag, and the one unit stored with isSelect 1, so the generated menu is there.
  expect(await page.evaluate(() => localStorage.getItem('login'))).toBe('1');
  expect(await storedUnit(page)).toMatchObject({ isSelect: 1, name: '市科学技术委员会' });
  await expect(page.locator('.kc-main-nav').getByRole('menuitem', { name: '科研诚信' })).toBeVisible();

  const needs = page.locator('[data-queue="need/review/pending"]');
  await expect(needs).toContainText('需求审核');
  const count = Number((await needs.locator('.kc-workbench-count').innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  await expect(needs.locator('.kc-workbench-oldest')).toContainText('最早一条等待');

  // The list link filters to the queue's records: the status filter is set from the address, and the rows are the count's.
  await needs.getByRole('link', { name: '查看列表' }).click();
  await expect(page).toHaveURL(/\/resources\/need\/lists\/review\?status=pending$/);
  await expect(page.locator('.kc-list-filters .ant-select-selection-item').first()).toHaveText('待审核');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(Math.min(count, 10));

  await page.goBack();
  await expect(page).toHaveURL(/\/workbench$/);
  await page.locator('[data-queue="need/review/pending"]').getByRole('link', { name: '处理最早一条' }).click();
  await expect(page).toHaveURL(/\/resources\/need\/detail\?id=/);
  await expect(page.locator('.kc-record-fields')).toBeVisible();
  await expect(page.locator('.kc-record-actions').getByRole('button', { name: '通过并发布' })).toBeVisible();
});

test('the workbench passes axe in zh-CN and en-US, and keeps its title after a reload, at 390 px too', async ({ page, request }) => {
  await page.goto('/home');
  const token = await tokenOf(request, 'reviewer');
  await page.evaluate((value) => {
    localStorage.setItem('ACCESS_TOKEN', value);
    document.cookie = `Access-Token=${encodeURIComponent(value)}; path=/`;
  }, token);
  await page.goto('/workbench');
  await expect(page.locator('.kc-workbench-staff')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the workbench (zh-CN)');

  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Workbench', level: 2 })).toBeVisible();
  await expect(page).toHaveTitle(/^Workbench - /);
  await expect(page.locator('.kc-workbench-staff')).toContainText('Waiting for me');
  await expectNoSeriousA11yViolations(page, 'the workbench (en-US)');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.kc-workbench-staff')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the applicant, a member of two units, chooses one in a dialog that cannot be missed, then lands as before', async ({
  page,
  request,
}) => {
  await logIn(page, 'applicant');
  const dialog = page.locator('.kc-unit-chooser');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('请选择当前单位');
  // Neither Escape nor the mask dismisses it; the session has not started yet.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'))).toBeNull();
  await expectNoSeriousA11yViolations(page, 'the unit chooser');

  await confirmUnitChoice(page, '星河智能（深圳）研究院有限公司');
  // The applicant lands where a login landed before (/ → /home), or on the workbench once they administer a
  // unit with a queue (check-in.spec, run earlier, makes them one).
  await expect(page).toHaveURL(/\/(home|workbench)$/);
  expect(await storedUnit(page)).toMatchObject({ isSelect: 1, name: '星河智能（深圳）研究院有限公司' });
  expect(await page.evaluate(() => localStorage.getItem('login'))).toBe('1');
  await page.goto('/account/center');
  await expect(page.locator('.kc-current-unit')).toHaveText('星河智能（深圳）研究院有限公司');

  // The other specs read the applicant's records of their first unit (list scope organisation): put it back.
  const auth = { Authorization: `Bearer ${await tokenOf(request, 'applicant')}` };
  const units = (
    (await (await request.get('/api/integrity/app/user/unit/list', { headers: auth })).json()) as { data: { id: string; name: string }[] }
  ).data;
  const first = units.find((unit) => unit.name === '星河智能科技有限公司');
  expect(first).toBeTruthy();
  const back = await request.post(`/api/integrity/app/user/settings/unit?unitId=${first?.id ?? ''}`, { headers: auth });
  expect(back.ok()).toBe(true);
});
