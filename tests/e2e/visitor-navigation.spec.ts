import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { actUntil, expect, menuLinks, movePointerAway, test } from './fixtures';

/**
 * Issue 30: a visitor reaches the portal's public sections from /home by clicking alone. The menu,
 * the home tiles and the footer's site map are data (schemas/site/navigation.json).
 */
test.describe.configure({ timeout: 120_000 });

/**
 * The public pages of spec §2's route table that a visitor opens without a record or an answer in
 * hand (a detail needs a record, the self-test's result its answers, /home/event/sign an event). Left
 * out as the same page under a second address: /home/incubation (leads to its list), /home/incubation/
 * normal and goMap (the list and the map again), /home/financing/more (look_more again).
 */
const PUBLIC_PAGES = [
  '/privacyPolicy',
  '/activities',
  '/search',
  '/home/articles',
  '/home/recominform',
  '/home/questions',
  '/home/aianswer',
  '/home/policy-advice-form',
  '/home/quote-form-demo',
  '/home/findproxy',
  '/home/findproxy/self-test',
  '/home/findproxy/science-innovation',
  '/home/findproxy/moreList',
  '/home/findproxy/moreProxy',
  '/home/technology',
  '/home/incubation/list',
  '/home/incubation/map',
  '/home/financing',
  '/home/financing/application_notes',
  '/home/financing/financial_supermarket_apply',
  '/home/financing/equity_apply',
  '/home/financing/institution_apply',
  '/home/financing/look_more',
  '/home/financing/more_project',
  '/home/toshow',
  '/home/toshow/carousel',
  '/home/toshow/doubleInnovation',
  '/home/toshow/moreList',
  '/home/findservice',
  '/home/publish',
  '/home/need/list',
  '/home/event',
];

const pathOf = (href: string): string => new URL(href, 'http://portal.test').pathname;

/** The pages the visible links of `scope` lead to. */
async function linkTargets(page: Page, selector: string): Promise<Set<string>> {
  const hrefs = await page
    .locator(selector)
    .evaluateAll((links) =>
      links.filter((link) => (link as HTMLElement).offsetParent !== null).map((link) => link.getAttribute('href') ?? ''),
    );
  return new Set(hrefs.filter((href) => href.startsWith('/')).map(pathOf));
}

/** What one click on /home reaches: the page's links (tiles, blocks), the footer's site map, the menu and its groups' links. */
async function oneClickFromHome(page: Page): Promise<Set<string>> {
  await page.goto('/home');
  await expect(page.locator('.kc-service-entry').first()).toBeVisible();
  await expect(page.locator('.kc-site-map a').first()).toBeVisible();
  const reached = new Set([
    ...(await linkTargets(page, '.kc-page a[href]')),
    ...(await linkTargets(page, '.kc-site-map a[href]')),
    ...(await linkTargets(page, '.kc-main-nav a[href]')),
  ]);
  // A group opens under the pointer: its links are one click away.
  const groups = page.locator('.kc-main-nav > .ant-menu-submenu:not(.ant-menu-overflow-item-rest)');
  for (let index = 0; index < (await groups.count()); index += 1) {
    await groups.nth(index).hover();
    const popup = page.locator('.ant-menu-submenu-popup:visible');
    await expect(popup.getByRole('link').first()).toBeVisible();
    // The popup zooms in: its links are read once two reads a moment apart agree.
    let links = '';
    await expect
      .poll(async () => {
        const previous = links;
        links = [...(await linkTargets(page, '.ant-menu-submenu-popup:visible a[href]'))].join(' ');
        return links !== '' && links === previous;
      })
      .toBe(true);
    for (const target of links.split(' ')) reached.add(target);
    await movePointerAway(page, page.locator('.ant-menu-submenu-popup'));
  }
  return reached;
}

/** Opens a section from a group of the top menu and waits for its heading and tab title. */
async function openSection(page: Page, group: string, link: string, heading: string): Promise<void> {
  await actUntil(
    async () => {
      const target = (await menuLinks(page, group)).filter({ hasText: new RegExp(`^${link}$`) });
      await target.click({ timeout: 3_000 });
    },
    page.getByRole('heading', { name: heading, exact: true }).first(),
  );
  await movePointerAway(page, page.locator('.ant-menu-submenu-popup'));
  await expect.poll(() => page.title()).toMatch(new RegExp(`^${heading} - `));
}

test.describe('a visitor finds the public sections from the front door (issue 30)', () => {
  test('every public page of the spec is at most two clicks from /home, and the sections open from the menu', async ({ page }) => {
    const first = await oneClickFromHome(page);
    // Two clicks: through a page the first click opened (the policy finder's entries).
    const missing = PUBLIC_PAGES.filter((path) => !first.has(path));
    const second = new Set<string>();
    for (const hub of ['/home/findproxy']) {
      if (missing.every((path) => second.has(path))) break;
      await page.goto('/home');
      await page.locator(`.kc-site-map a[href="${hub}"], .kc-service-entry[href="${hub}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${hub}$`));
      await expect(page.locator('.kc-page a[href]').first()).toBeVisible();
      for (const target of await linkTargets(page, '.kc-page a[href]')) second.add(target);
    }
    expect(PUBLIC_PAGES.filter((path) => !first.has(path) && !second.has(path))).toEqual([]);
    // 我的申报 needs an account: a visitor is not offered it.
    expect(first.has('/activitiesFormList')).toBe(false);

    await page.goto('/home');
    await expectNoSeriousA11yViolations(page, '/home with the tiles and the site map');
    await openSection(page, '金融服务', '金融超市', '金融超市');
    await openSection(page, '金融服务', '融资项目', '融资项目');
    await openSection(page, '科技服务', '孵化载体', '孵化载体');
    await openSection(page, '科技服务', '科技成果', '科技成果');
    await openSection(page, '科技服务', '成果展示', '成果展示');
    await openSection(page, '科技服务', '找服务', '找服务');
    // The events are a link of their own in the menu.
    await page.locator('.kc-main-nav').getByRole('link', { name: '科技活动', exact: true }).click();
    await expect(page.getByRole('heading', { name: '科技活动', exact: true }).first()).toBeVisible();

    // The tabs keep the sections' names after a reload, not only the page on screen.
    const tabs = page.locator('.kc-multi-tab .kc-tab-title');
    const names = ['科研诚信', '金融超市', '融资项目', '孵化载体', '科技成果', '成果展示', '找服务', '科技活动'];
    await expect(tabs).toHaveText(names);
    await page.reload();
    await expect(page.getByRole('heading', { name: '科技活动', exact: true }).first()).toBeVisible();
    await expect(tabs).toHaveText(names);
  });

  test('in English, the menu, the tiles and the site map speak English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('app-language', 'en-US'));
    await page.goto('/home');
    await expect(page.locator('.kc-main-nav').getByRole('menuitem', { name: 'Finance' })).toBeVisible();
    await expect(page.locator('.kc-service-entry', { hasText: 'Financial supermarket' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Site map' }).getByRole('link', { name: 'Privacy policy' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/home in English');
  });

  test('on a phone, the tiles and the site map lead to the sections', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    const tile = page.locator('.kc-service-entry', { hasText: '孵化载体' });
    await tile.scrollIntoViewIfNeeded();
    await tile.click();
    await expect(page.getByRole('heading', { name: '孵化载体', exact: true }).first()).toBeVisible();
    await page.goBack();
    const siteMap = page.getByRole('navigation', { name: '网站导航' });
    await siteMap.getByRole('link', { name: '成果轮播' }).click();
    await expect(page.getByRole('heading', { name: '成果轮播', exact: true }).first()).toBeVisible();
    // No wider than the phone: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goBack();
    await expect(page.locator('.kc-service-entry').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/home at 390 px');
  });
});

async function openHome(page: Page): Promise<void> {
  await page.goto('/home');
  await expect(page.locator('.kc-service-entry').first()).toBeVisible();
}

/**
 * How long the top menu's transitions take: antd derives every fade, zoom and slide from its motion
 * durations, which are 0s when motion is off. Read from the styles, not by catching an animation in
 * flight (that missed the menu's zoom on a loaded machine).
 */
async function menuTransitionDurations(page: Page): Promise<string[]> {
  const title = page.locator('.kc-main-nav .ant-menu-submenu-title').first();
  return (await title.evaluate((element) => getComputedStyle(element).transitionDuration)).split(/,\s*/);
}

test.describe('motion follows the system setting (WCAG 2.3.3)', () => {
  test('with reduced motion asked for, nothing in the menu moves', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    // Read until the page has settled: once in a whole run the first read came before the styles did.
    await expect.poll(async () => (await menuTransitionDurations(page)).every((duration) => duration === '0s')).toBe(true);
  });

  test('without it, the menu moves as antd draws it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openHome(page);
    await expect.poll(async () => (await menuTransitionDurations(page)).some((duration) => duration !== '0s')).toBe(true);
  });
});
