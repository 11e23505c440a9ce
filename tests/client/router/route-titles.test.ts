import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { textsFor } from '../../../src/client/i18n/texts';
import { layoutTextsFor } from '../../../src/client/layout/layout-texts';
import { pageTitle } from '../../../src/client/layout/multi-tab/page-title';
import { APP_ROUTES } from '../../../src/client/router/app-routes';

/** Every fixed path of the shell's pages (the tab bar lives in the frame PortalFrame loads), params and catch-alls left out. */
function shellPaths(routes: RouteObject[], inShell = false): string[] {
  return routes.flatMap((route) => {
    const shell = inShell || (route.element as { type?: { name?: string } } | undefined)?.type?.name === 'PortalFrame';
    const own = shell && route.path && !route.path.includes(':') && !route.path.includes('*') ? [route.path] : [];
    return [...own, ...shellPaths(route.children ?? [], shell)];
  });
}

describe('every page of the shell has a name for its tab and its title, in both languages', () => {
  const paths = shellPaths(APP_ROUTES);

  it('finds the shell’s pages', () => {
    expect(paths).toContain('/home');
    expect(paths).toContain('/integrity/log');
    expect(paths.length).toBeGreaterThan(15);
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`names each one in ${locale}, never by its path nor by the portal's fallback name`, () => {
      const texts = textsFor(locale);
      const layoutTexts = layoutTextsFor(locale);
      for (const path of paths) {
        const title = pageTitle(path, texts, layoutTexts);
        expect(title, path).not.toMatch(/^\//);
        expect(title, path).not.toBe(texts.portalName);
        expect(title.trim(), path).not.toBe('');
      }
    });
  }
});
