import { expectNoSeriousA11yViolations } from './axe-check';
import { CAPTCHA_ANSWER, expect, formItem, loginThroughApi, test } from './fixtures';
import { putSession } from './session-helpers';

/**
 * The product's needs (schemas/resources/need), on the engine's pages: a visitor publishes a demand
 * behind the captcha, it waits for review, the reviewer publishes it from the review list, and it shows
 * as published.
 */
test('a visitor publishes a demand; the reviewer publishes it and it shows as published', async ({ browser, page, request }) => {
  const title = `高精度光伏组件隐裂检测 ${Date.now().toString(36)}`;
  // Spec §2's page for it (resource.json pages), not the engine's own path.
  await page.goto('/home/publish');
  // The page's own title (resource.json pages), in the heading, the window and the tab.
  await expect(page.getByRole('heading', { name: '发布需求' })).toBeVisible();
  await expect(page).toHaveTitle(/发布需求/);
  await expect(page.locator('.kc-tab-title', { hasText: '发布需求' })).toBeVisible();
  await expect(page.locator('.kc-captcha-image img')).toBeVisible();
  await formItem(page, '需求名称').locator('input').fill(title);
  await formItem(page, '需求类型').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '技术需求' }).click();
  await formItem(page, '需求单位').locator('input').fill('晴川新能源科技有限公司');
  await formItem(page, '联系人').locator('input').fill('刘洋');
  await formItem(page, '联系电话').locator('input').fill('13500002222');
  await formItem(page, '需求描述').locator('textarea').fill('需要基于电致发光图像的组件隐裂自动检测方案，单片检测时间不超过2秒。');
  await formItem(page, '验证码').locator('input').first().fill(CAPTCHA_ANSWER);
  await expectNoSeriousA11yViolations(page, 'the need form');
  // 发布需求 sends (resource.json submitMode submit): one button 提交, no 保存.
  await expect(page.getByRole('button', { name: '保存' })).toHaveCount(0);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.locator('.kc-record-sent')).toContainText('保存成功');

  const reviewerToken = await loginThroughApi(request, 'reviewer');
  const reviewerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const reviewer = await reviewerContext.newPage();
  await reviewer.goto('/home');
  await putSession(reviewer, reviewerToken);
  await reviewer.goto('/resources/need/lists/review');
  await expect(reviewer.getByRole('heading', { name: '需求审核' })).toBeVisible();
  const row = reviewer.locator('.kc-schema-list tbody tr', { hasText: title });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('晴川新能源科技有限公司');
  await expectNoSeriousA11yViolations(reviewer, 'the need review list');
  await row.getByRole('button', { name: '通过并发布' }).click();
  await reviewer.locator('.ant-modal').getByRole('button', { name: '通过并发布' }).click();
  await expect(row).toContainText('已发布');
  await row.getByRole('link', { name: '查看' }).click();
  await expect(reviewer).toHaveURL(/\/resources\/need\/detail\?id=/);
  // The list's own status tags may still be on screen while the detail loads: read the detail's.
  await expect(reviewer.locator('.kc-record-history')).toBeVisible();
  await expect(reviewer.locator('.kc-record-status')).toHaveText('已发布');
  await expect(reviewer.locator('.kc-record-history')).toContainText('通过并发布');
  await reviewerContext.close();
});
