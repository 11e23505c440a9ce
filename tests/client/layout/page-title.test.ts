import { describe, expect, it } from 'vitest';
import { textsFor } from '../../../src/client/i18n/texts';
import { layoutTextsFor } from '../../../src/client/layout/layout-texts';
import { pageTitle } from '../../../src/client/layout/multi-tab/page-title';

describe('pageTitle: a tab never shows a path', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const texts = textsFor(locale);
    const layoutTexts = layoutTextsFor(locale);
    it(`names the account pages in ${locale}`, () => {
      for (const path of ['/account', '/account/center', '/account/settings'])
        expect(pageTitle(path, texts, layoutTexts)).not.toMatch(/^\//);
      expect(pageTitle('/account/settings', texts, layoutTexts)).toBe(layoutTexts.accountSettings);
    });

    it(`uses a title a page registered from its data, by path and query, in ${locale}`, () => {
      const registered = new Map([
        ['/resources/lab-booking/lists/mine', locale === 'en-US' ? 'My instrument bookings' : '我的仪器预约'],
        ['/resources/lab-booking/detail?id=1', 'x'],
      ]);
      expect(pageTitle('/resources/lab-booking/lists/mine', texts, layoutTexts, undefined, registered)).toBe(
        locale === 'en-US' ? 'My instrument bookings' : '我的仪器预约',
      );
      expect(
        pageTitle('/resources/lab-booking/detail', texts, layoutTexts, undefined, registered, '/resources/lab-booking/detail?id=1'),
      ).toBe('x');
    });

    it(`falls back to the portal's name, not the path, in ${locale}`, () => {
      expect(pageTitle('/somewhere/unknown', texts, layoutTexts)).toBe(texts.portalName);
    });
  }
});
