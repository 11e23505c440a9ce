import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test, tokenCache } from './fixtures';
import { putUnitSession } from './session-helpers';

/**
 * Issue 13's routes, each opened as a visitor and as a logged-in applicant: a screen with its
 * heading and tab title, and no serious or critical axe violation.
 */
test.describe.configure({ timeout: 180_000 });

const tokenOf = tokenCache();

const ROUTES: Array<{ path: string; heading: string; title: RegExp }> = [
  { path: '/search?keyword=%E5%AD%B5%E5%8C%96%E5%99%A8', heading: '站内搜索', title: /^孵化器 - 搜索 - / },
  { path: '/home/questions', heading: '政策问答', title: /^政策问答 - / },
  {
    path: '/home/aianswer?question=%E5%88%9B%E6%96%B0%E5%88%B8%E6%80%8E%E4%B9%88%E7%94%B3%E8%AF%B7',
    heading: '智能问答',
    title: /^智能问答 - /,
  },
  { path: '/home/findproxy', heading: '政策找寻', title: /^政策找寻 - / },
  { path: '/home/findproxy/self-test', heading: '企业政策自测', title: /^企业政策自测 - / },
  { path: '/home/findproxy/self-assessment', heading: '自测结果', title: /^自测结果 - / },
  { path: '/home/findproxy/science-innovation', heading: '科技创新政策', title: /^科技创新政策 - / },
  { path: '/home/findproxy/moreList', heading: '政策解读要点', title: /^政策解读要点 - / },
  { path: '/home/findproxy/moreProxy', heading: '正在申报的政策', title: /^正在申报的政策 - / },
];

async function visitAll(page: Page, who: string): Promise<void> {
  for (const route of ROUTES) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { name: route.heading, level: 2 }), `${who} ${route.path}`).toBeVisible();
    await expect.poll(() => page.title(), { message: `${who} ${route.path}` }).toMatch(route.title);
    await expectNoSeriousA11yViolations(page, `${route.path} (${who})`);
  }
  // lookDetail and moreListDetail open a policy from the list.
  await page.goto('/home/findproxy/moreList');
  const first = page.locator('.kc-rule-card').first().getByRole('link').first();
  const href = (await first.getAttribute('href')) ?? '';
  const query = href.slice(href.indexOf('?'));
  for (const path of [`/home/findproxy/lookDetail${query}`, `/home/findproxy/moreListDetail${query}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '政策要点', level: 2 }), `${who} ${path}`).toBeVisible();
    await expect(page.locator('.kc-rule-card')).toHaveCount(1);
  }
}

test('every route of the search, the answers and the policy proxy opens for a visitor', async ({ page }) => {
  await visitAll(page, 'visitor');
});

test('every route of the search, the answers and the policy proxy opens for a logged-in applicant', async ({ page, request }) => {
  await page.goto('/home');
  await putUnitSession(page, await tokenOf(request, 'applicant'));
  await visitAll(page, 'applicant');
});
