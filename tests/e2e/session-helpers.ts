import type { Page } from '@playwright/test';

/**
 * Puts a session into the page as the passport would leave it: the token in localStorage and the
 * Access-Token cookie, and with `unit` the userUnit cookie (spec §4's stored user unit).
 */
export async function putSession(page: Page, token: string, unit?: { isSelect: 0 | 1; name?: string }): Promise<void> {
  // Into a page whose frame has arrived: the portal frame comes once the first page has settled (ADR
  // 0059), and the session rules run again when it does. Put in before, the token met those rules on
  // the page it was put into, which then asked for the user info on its own (a spec's stubbed 500
  // then logged it out there, before the spec's own navigation).
  await page.locator('.kc-shell').first().waitFor({ timeout: 15_000 });
  await page.evaluate(
    ({ value, unitCookie }) => {
      localStorage.setItem('ACCESS_TOKEN', value);
      document.cookie = `Access-Token=${encodeURIComponent(value)}; path=/`;
      if (unitCookie) document.cookie = `userUnit=${encodeURIComponent(unitCookie)}; path=/`;
    },
    {
      value: token,
      unitCookie: unit
        ? JSON.stringify({ token, isSelect: unit.isSelect, id: 'unit', name: unit.name ?? '星河智能科技有限公司' })
        : undefined,
    },
  );
}

/**
 * The session of a staff member who has chosen a unit (isSelect 1), so the session rules load the
 * user info and the generated routes (spec §4). Opens /home first: the storage needs a portal page.
 */
export async function putUnitSession(page: Page, token: string): Promise<void> {
  await page.goto('/home');
  await putSession(page, token, { isSelect: 1, name: '市科学技术委员会' });
}
