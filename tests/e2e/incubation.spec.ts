import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test, tokenCache } from './fixtures';
import { publicItemLinks } from './public-list-helpers';
import { putUnitSession } from './session-helpers';

/**
 * The incubators (issue 14): resource folder incubator's pages placed by its resource.json: the list,
 * a detail, and the offline district map, whose districts come from the portal itself (the network
 * to anything else is cut) and whose click narrows the list.
 */
test.describe.configure({ timeout: 120_000 });

const tokenOf = tokenCache();

test('a visitor finds incubators on the map with nothing fetched from outside the portal, and opens one', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const outside: string[] = [];
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || new URL(url).origin === origin) return route.continue();
    outside.push(url);
    return route.abort();
  });

  await page.goto('/home/incubation');
  await expect(page).toHaveURL(/\/home\/incubation\/list$/);
  await expect.poll(() => page.title()).toMatch(/^孵化载体 - /);
  // For visitors the list is cards; under the map it stays a table, narrowed by the district chosen.
  await expect(publicItemLinks(page, 'incubator', 'published')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, 'the incubator list');
  const rows = page.locator('.kc-list-incubator-published .ant-table-row');

  await page.goto('/home/incubation/map');
  await expect(page.getByRole('heading', { name: '孵化载体地图', level: 2 })).toBeVisible();
  await expect.poll(() => page.title()).toMatch(/^孵化载体地图 - /);
  const map = page.getByRole('img', { name: '孵化载体地图' });
  // Seven districts drawn from the shipped vector data, each named on the map.
  await expect(map.locator('path')).not.toHaveCount(0);
  for (const name of ['东湖区', '北江区', '南湖区', '西岭区', '青山区', '高新区', '临港新区'])
    await expect(map.getByText(name)).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the incubator map');

  // A click on 西岭区 on the map narrows the list to its incubators; a second click shows them all.
  const box = await map.getByText('西岭区').boundingBox();
  if (!box) throw new Error('西岭区 is not on the map');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height + 8);
  await expect(page).toHaveURL(/district=xl/);
  await expect(page.getByRole('button', { name: /^西岭区（\d+）$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).not.toHaveCount(0);
  // Until the narrowed page is drawn the rows are the whole list's (the address changes first: run 3 of stop 41).
  await expect.poll(async () => [...new Set(await rows.locator('td:nth-child(2)').allTextContents())]).toEqual(['西岭区']);
  // The same choice from the keyboard's buttons.
  await page.getByRole('button', { name: /^临港新区（\d+）$/ }).click();
  await expect(page).toHaveURL(/district=lg/);
  await expect(rows.first().locator('td').nth(1)).toHaveText('临港新区');
  await page.getByRole('button', { name: /^临港新区（\d+）$/ }).click();
  await expect(page).not.toHaveURL(/district=/);

  const first = rows.first().getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/home\/incubation\/detail\?id=/);
  await expect(page.getByText(name).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'an incubator');
  expect(outside).toEqual([]);
});

test('a logged-in applicant opens every incubator page, and the map speaks English', async ({ page, request }) => {
  await page.goto('/home');
  await putUnitSession(page, await tokenOf(request, 'applicant'));
  await page.goto('/home/incubation/normal');
  await expect(page.getByRole('heading', { name: '孵化载体' }).first()).toBeVisible();
  await expect(publicItemLinks(page, 'incubator', 'published').first()).toBeVisible();
  await page.goto('/home/incubation/goMap');
  await expect(page.getByRole('heading', { name: '孵化载体地图' }).first()).toBeVisible();
  await expect(page.locator('.kc-list-incubator-published .ant-table-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the incubator map, logged in');
  await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
  await page.goto('/home/incubation/map?district=gx');
  await expect(page.getByRole('heading', { name: 'Incubator map', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^High-tech Zone（\d+）$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.kc-list-incubator-published .ant-table-row').first().locator('td').nth(1)).toHaveText('High-tech Zone');
  await expectNoSeriousA11yViolations(page, 'the incubator map in English');
  await page.evaluate(() => localStorage.removeItem('app-language'));
});
