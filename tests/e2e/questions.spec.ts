import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test, tokenCache } from './fixtures';
import { putUnitSession } from './session-helpers';

/**
 * Questions and answers (issue 13): /home/questions to /home/aianswer, an answer quoted from the
 * policies with numbered sources that open, nothing found said plainly with the way to a person.
 */
test.describe.configure({ timeout: 120_000 });

const tokenOf = tokenCache();

test('a visitor asks about incubators and gets quotes from the policies, each citing a source that opens', async ({ page }) => {
  await page.goto('/home/questions');
  await expect.poll(() => page.title()).toMatch(/^政策问答 - /);
  await expect(page.getByRole('heading', { name: '常见问题' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the questions page');
  // The question is checked on its field before anything is sent.
  await page.getByRole('button', { name: '提问' }).click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText('请输入您的问题');

  await page.getByLabel('您的问题').fill('科技企业孵化器认定需要什么条件？');
  await page.getByRole('button', { name: '提问' }).click();
  await expect(page).toHaveURL(/\/home\/aianswer\?question=/);
  await expect(page.locator('.kc-answer-summary')).toContainText('份政策文件');
  const passages = page.locator('.kc-answer-passages li');
  await expect(passages.first().locator('mark').first()).toBeVisible();
  const sources = page.locator('.kc-answer-sources li');
  await expect(sources.first()).toContainText('孵化器');
  await expectNoSeriousA11yViolations(page, 'an answer');

  const title = (await sources.first().getByRole('link').textContent()) ?? '';
  await sources.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/home\/articles\/detail\?id=/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('a common question, then one nothing answers, as a logged-in applicant', async ({ page, request }) => {
  await page.goto('/home');
  await putUnitSession(page, await tokenOf(request, 'applicant'));
  await page.goto('/home/questions');
  await page.getByRole('link', { name: '高新技术企业培育有哪些支持措施？' }).click();
  await expect(page.locator('.kc-answer-passages li').first()).toBeVisible();

  await page.getByLabel('您的问题').fill('火星基地的氧气供应怎么解决');
  await page.getByRole('button', { name: '提问' }).click();
  await expect(page.getByText(/没有找到与您的问题相关的政策内容/)).toBeVisible();
  await expect(page.getByRole('link', { name: '填写政策咨询' })).toBeVisible();
  // One tab for the answers, whatever was asked.
  await expect(page.locator('.kc-multi-tab .kc-tab-title', { hasText: '智能问答' })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'nothing found');
});
