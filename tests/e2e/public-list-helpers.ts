import type { Locator, Page } from '@playwright/test';

/** The item links of a list for visitors in any layout (cards, media, agenda, carousel): each leads to a detail. */
export function publicItemLinks(page: Page, resource: string, list: string): Locator {
  return page.locator(`.kc-list-${resource}-${list} :is(.kc-card-title, .kc-media-title, .kc-agenda-title, .kc-carousel-title) a`);
}
