import { readFile } from 'node:fs/promises';
import { input } from './activity-helpers';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test, tokenCache } from './fixtures';
import { putUnitSession } from './session-helpers';

/**
 * The policy proxy (issue 13): /home/findproxy and its pages, the engine's matching pages placed by
 * schemas/resources/policy-rule/resource.json; a self-test that fits seeded policies lists them, and
 * its export downloads a file whose name ends with 文件.
 */
test.describe.configure({ timeout: 120_000 });

const tokenOf = tokenCache();

test('a visitor takes the self-test, sees the policies that fit, and exports the result', async ({ page }) => {
  await page.goto('/home/findproxy');
  await expect.poll(() => page.title()).toMatch(/^政策找寻 - /);
  await expect(page.locator('.kc-rule-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the policy proxy');

  // The hub's own entry, not the footer's site map link to the same page.
  await page
    .locator('.kc-page')
    .getByRole('link', { name: /企业政策自测/ })
    .click();
  await expect(page).toHaveURL(/\/home\/findproxy\/self-test$/);
  // The questionnaire's own rules, before anything is sent.
  await page.getByRole('button', { name: '提交并查看结果' }).click();
  await expect(page.locator('.ant-formily-item-error-help').first()).toBeVisible();

  const select = async (label: string, option: string): Promise<void> => {
    await page.getByRole('combobox', { name: label }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${option}$`) })
      .first()
      .click();
  };
  await select('所在区', '东湖区');
  await select('所属技术领域', '电子信息');
  await input(page, '成立年限（年）', '6');
  await input(page, '职工总数（人）', '120');
  await input(page, '上年度营业收入（万元）', '8000');
  await input(page, '研发费用占营业收入比例（%）', '4.2');
  await input(page, '有效发明专利（件）', '2');
  await input(page, '上年度技术合同成交额（万元）', '150');
  await expectNoSeriousA11yViolations(page, 'the self-test');
  await page.getByRole('button', { name: '提交并查看结果' }).click();

  await expect(page).toHaveURL(/\/home\/findproxy\/self-assessment$/);
  await expect(page.getByRole('status')).toContainText('满足全部条件的有');
  const results = page.locator('.kc-rule-card');
  await expect(results.filter({ hasText: '江城市企业研发投入后补助实施细则' })).toBeVisible();
  await expect(results.filter({ hasText: '东湖区关于促进科技成果转化的若干政策' })).toBeVisible();
  await expect(results.filter({ hasText: '西岭区关于加快高新技术企业培育的若干政策' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the self-test result');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出结果' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('政策匹配自测结果文件.xlsx');
  const path = await file.path();
  expect((await readFile(path)).subarray(0, 2).toString('latin1')).toBe('PK');

  // A result's policy at a glance, then its text.
  await results
    .filter({ hasText: '江城市企业研发投入后补助实施细则' })
    .getByRole('link', { name: '江城市企业研发投入后补助实施细则' })
    .click();
  await expect(page).toHaveURL(/\/home\/findproxy\/lookDetail\?id=/);
  await expect(page.getByRole('heading', { name: '政策要点', level: 2 })).toBeVisible();
  await expect(page.locator('.kc-rule-card')).toHaveCount(1);
  await expect(page.locator('.kc-rule-card')).toContainText('申报对象');
  await page.getByRole('link', { name: '查看原文' }).click();
  await expect(page.getByRole('heading', { name: '江城市企业研发投入后补助实施细则' })).toBeVisible();
});

test('a logged-in applicant browses the policies at a glance, those open now, and those in force', async ({ page, request }) => {
  await page.goto('/home');
  await putUnitSession(page, await tokenOf(request, 'applicant'));
  await page.goto('/home/findproxy/moreList');
  await expect(page.getByRole('heading', { name: '政策解读要点', level: 2 })).toBeVisible();
  await expect(page.locator('.kc-rule-card')).toHaveCount(10);
  await page.getByRole('searchbox', { name: '按标题筛选' }).fill('创新券');
  await page.getByRole('searchbox', { name: '按标题筛选' }).press('Enter');
  await expect(page.locator('.kc-rule-card')).toHaveCount(1);
  await page
    .locator('.kc-rule-card')
    .getByRole('link', { name: /创新券/ })
    .first()
    .click();
  await expect(page).toHaveURL(/moreListDetail\?id=/);
  await expect(page.locator('.kc-rule-conditions')).toContainText('已入库科技型中小企业：是');

  await page.goto('/home/findproxy/moreProxy');
  await expect(page.locator('.kc-rule-card').first()).toBeVisible();
  await expect(page.locator('.kc-rule-card', { hasText: '已截止' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the policies open now');

  await page.goto('/home/findproxy/science-innovation');
  await expect(page.locator('.kc-article-item').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the policies in force');

  await page.goto('/home/findproxy/moreListDetail?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('暂无要点。')).toBeVisible();
  await page.goto('/home/findproxy/self-assessment');
  await expect(page.getByText('还没有结果，请先填写问卷。')).toBeVisible();

  // The folder's own English words for its pages, the engine's for the rest.
  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  await page.goto('/home/findproxy/moreProxy');
  await expect(page.getByRole('heading', { name: 'Policies open now', level: 2 })).toBeVisible();
  await expect.poll(() => page.title()).toMatch(/^Policies open now - /);
  await expect(page.locator('.kc-rule-card').first()).toContainText('Who qualifies');
  await expectNoSeriousA11yViolations(page, 'the policies open now in English');
  await page.evaluate(() => localStorage.removeItem('app-language'));
});
