import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test, tokenCache } from './fixtures';
import { putUnitSession } from './session-helpers';

/**
 * The portal's search (issue 13): from the home page's search box and hot searches to /search, a
 * policy found by its key phrase in Chinese on the first page with the words marked, by source and
 * page, nothing found said plainly, in English too; the call carries no bearer token (spec §6).
 */
test.describe.configure({ timeout: 120_000 });

const tokenOf = tokenCache();
const POLICY = '江城市企业研发投入后补助实施细则';

test('a visitor searches for a policy from the home page and finds it first, highlighted', async ({ page }) => {
  await page.goto('/home');
  const hot = page.locator('.kc-portal-block').filter({ has: page.getByRole('heading', { name: '热门搜索', exact: true }) });
  await expect(hot.getByRole('list', { name: '热门搜索' }).getByRole('link').first()).toBeVisible();

  await hot.getByRole('searchbox', { name: '搜索政策、资讯和申报活动' }).fill('研发投入后补助实施细则');
  await hot.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/\/search\?keyword=/);
  await expect.poll(() => page.title()).toMatch(/^研发投入后补助实施细则 - 搜索 - /);
  const first = page.locator('.kc-search-result').first();
  await expect(first.getByRole('heading')).toHaveText(POLICY);
  await expect(first.locator('mark').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '相关的结果' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the search results');

  await first.getByRole('link', { name: POLICY }).click();
  await expect(page).toHaveURL(/\/home\/articles\/detail\?id=/);
  await expect(page.getByRole('heading', { name: POLICY })).toBeVisible();
});

test('a hot search, the sources, the pages and nothing found', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByText('请输入要搜索的关键词')).toBeVisible();
  // The box refuses an empty keyword on the field.
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByRole('alert')).toHaveText('请输入要搜索的关键词');

  await page
    .getByRole('list', { name: '热门搜索' })
    .getByRole('link', { name: /高新技术企业/ })
    .click();
  await expect(page).toHaveURL(/keyword=%E9%AB%98%E6%96%B0/);
  await expect(page.locator('.kc-search-result')).toHaveCount(10);
  await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '第 2 页' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator('.kc-search-result').first()).toBeVisible();

  await page.getByRole('searchbox').fill('申报');
  await page.getByRole('button', { name: '搜索' }).click();
  await page
    .getByRole('radiogroup', { name: '搜索范围' })
    .getByText(/^申报活动/)
    .click();
  await expect(page).toHaveURL(/source=activity/);
  await expect(page.locator('.kc-search-meta').first()).toContainText('申报活动');

  await page.getByRole('searchbox').fill('zqxjv');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText('没有找到与“zqxjv”相关的内容')).toBeVisible();
  // Every search was in the one 搜索 tab.
  await expect(page.locator('.kc-multi-tab .kc-tab-title', { hasText: '搜索' })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'nothing found');
});

test('a logged-in applicant searches in English, and the search is sent without the token', async ({ page, request }) => {
  await page.goto('/home');
  await putUnitSession(page, await tokenOf(request, 'applicant'));
  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  const searches: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/sys/api/search')) searches.push(request.headers()['authorization']);
  });
  await page.goto('/search?keyword=%E7%A7%91%E6%8A%80%E5%88%9B%E6%96%B0%E5%88%B8');
  await expect(page.getByRole('heading', { name: 'Search the portal' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'results for' })).toBeVisible();
  await expect(page.locator('.kc-search-meta').first()).toContainText('News and policies');
  expect(searches.length).toBeGreaterThan(0);
  expect(searches.every((header) => header === undefined)).toBe(true);
  await expectNoSeriousA11yViolations(page, 'the search in English');
});
