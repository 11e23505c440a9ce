import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test } from './fixtures';
import { publicItemLinks } from './public-list-helpers';

/**
 * Issue 30 items 2 and 7: the public sections as a visitor meets them, clicking from /home alone: each in
 * its layout (cards, media, agenda, carousel), narrowed by a facet that the address keeps, a record opened
 * as an article under its own title, and the browser's back returning to the same narrowed list. The same
 * walk on a phone; every layout and an article checked by axe in both languages.
 */
test.describe.configure({ timeout: 180_000 });

/** [section's title, where its home tile or site-map link leads, resource, list, layout] */
const SECTIONS = [
  ['科技活动', '/home/event', 'event', 'published', 'agenda'],
  ['孵化载体', '/home/incubation/list', 'incubator', 'published', 'cards'],
  ['科技成果', '/home/technology', 'technology', 'published', 'cards'],
  ['金融超市', '/home/financing', 'product', 'published', 'cards'],
  ['融资项目', '/home/financing/more_project', 'financing-project', 'published', 'cards'],
  ['找服务', '/home/findservice', 'service-org', 'published', 'cards'],
  ['成果展示', '/home/toshow', 'showcase', 'published', 'media'],
  ['成果轮播', '/home/toshow/carousel', 'showcase', 'carousel', 'carousel'],
  ['需求大厅', '/home/need/list', 'need', 'hall', 'cards'],
] as const;

/** Opens a section from the front door by a click: its tile, or its link in the footer's site map. */
async function openFromHome(page: Page, path: string): Promise<void> {
  await page.goto('/home');
  await expect(page.locator('.kc-service-entry').first()).toBeVisible();
  const tile = page.locator(`.kc-service-entry[href="${path}"]`);
  if ((await tile.count()) > 0) await tile.first().click();
  else await page.locator(`.kc-site-map a[href="${path}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.locator('.kc-public-list')).toBeVisible();
}

/** Chooses the first value of the first facet that leaves records to open; returns the address's query. */
async function narrow(page: Page, resource: string, list: string): Promise<string> {
  const options = page.locator('.kc-facet').first().locator('.ant-radio-button-wrapper');
  // A dictionary's values arrive after the list's first page.
  await expect(options.nth(1)).toBeVisible();
  const count = await options.count();
  for (let index = 1; index < count; index += 1) {
    await options.nth(index).click();
    await expect(page).toHaveURL(/\?.+=/);
    // The router changes the address before React draws the page of it: until the facet shows the value
    // checked, aria-busy still speaks of the page before (run 1 of stop 41 read a card of that page).
    await expect(options.nth(index)).toHaveClass(/ant-radio-button-wrapper-checked/);
    // Busy until the page of the address's query is the one on screen.
    await expect(page.locator('.kc-public-list')).toHaveAttribute('aria-busy', 'false');
    if ((await publicItemLinks(page, resource, list).count()) > 0) return new URL(page.url()).search;
  }
  throw new Error(`no facet value of ${resource}/${list} has records`);
}

/** One section of each layout: the others are the same component over other data. */
const ONE_OF_EACH_LAYOUT = SECTIONS.filter(([, , , , layout], index) => SECTIONS.findIndex((other) => other[4] === layout) === index);

const fitsSideways = async (page: Page, width: number, where: string): Promise<void> =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);

async function walk(
  page: Page,
  sections: readonly (typeof SECTIONS)[number][],
  { axe, phoneWidth }: { axe: boolean; phoneWidth?: number },
): Promise<void> {
  const checked = new Set<string>();
  for (const [name, path, resource, list, layout] of sections) {
    // axe reads each layout once (its first section): the others are the same component over other data.
    const first = axe && !checked.has(layout);
    checked.add(layout);
    await openFromHome(page, path);
    await expect(page.locator(`.kc-public-${layout}`)).toBeVisible();
    await expect.poll(() => page.title(), name).toMatch(new RegExp(`^${name} - `));
    await expect(publicItemLinks(page, resource, list).first()).toBeVisible();
    if (first) await expectNoSeriousA11yViolations(page, `${name} (${layout})`);
    const query = await narrow(page, resource, list);
    const link = publicItemLinks(page, resource, list).first();
    const title = (await link.textContent()) ?? '';
    await link.click();
    await expect(page).toHaveURL(/\?id=/);
    // The article's heading and the tab are the record's own title, and nothing of the back office shows.
    await expect(page.locator('.kc-article-heading')).toHaveText(title);
    await expect.poll(() => page.title()).toBe(`${title} - 科创服务门户`);
    await expect(page.locator('.kc-article')).not.toContainText('最后保存时间');
    await expect(page.locator('.kc-article')).not.toContainText('已发布');
    if (first && (layout === 'agenda' || layout === 'cards')) await expectNoSeriousA11yViolations(page, `${name}: an article`);
    if (phoneWidth) await fitsSideways(page, phoneWidth, `${name}: an article`);
    await page.goBack();
    expect(new URL(page.url()).search).toBe(query);
    await expect(page.locator('.kc-facet').first().locator('.ant-radio-button-wrapper-checked')).not.toHaveText('全部');
    await expect(publicItemLinks(page, resource, list).filter({ hasText: title }).first()).toBeVisible();
    if (phoneWidth) await fitsSideways(page, phoneWidth, `${name} (${layout})`);
  }
}

test('a visitor opens every public section from /home, narrows it, reads a record and comes back to the same list', async ({ page }) => {
  await walk(page, SECTIONS, { axe: true });
});

// One section of each layout on a phone (the whole walk at 390 px cost half a minute of the e2e budget for the same components).
test('the same walk on a phone, with nothing to scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await walk(page, ONE_OF_EACH_LAYOUT, { axe: false, phoneWidth: 390 });
  await expectNoSeriousA11yViolations(page, 'a list at 390 px');
});

test('in English: the agenda tells each event’s phase, and every layout and an article pass axe', async ({ page }) => {
  await page.goto('/home');
  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  for (const [, path, resource, list, layout] of ONE_OF_EACH_LAYOUT) {
    await openFromHome(page, path);
    await expect(page.locator(`.kc-public-${layout}`)).toBeVisible();
    await expect(publicItemLinks(page, resource, list).first()).toBeVisible();
    if (layout === 'agenda') {
      await expect(page.locator('.kc-agenda-phase').first()).toHaveText(/^(Open for sign-up|On now|Ended)$/);
      await expect(page.locator('.kc-agenda-month-title').first()).toHaveText(/^\d{1,2}\/\d{4}$/);
      await expect(page.locator('.kc-facet').first()).toContainText('All');
    }
    await expectNoSeriousA11yViolations(page, `${layout} in English`);
  }
  await publicItemLinks(page, 'showcase', 'carousel').first().click();
  await expect(page.locator('.kc-article-heading')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'an article in English');
  await page.evaluate(() => localStorage.removeItem('app-language'));
});
