// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaList } from '../../../../src/client/engine/schema-list';
import { VIRTUAL_ROWS_ABOVE } from '../../../../src/client/engine/virtual-rows-above';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import type { ResourceDefinition } from '../../../../src/shared/generated/resource-definition';
import { resourceDetailHref } from '../../../../src/shared/resource/resource-links';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

/** An incubator-like folder: a public card grid, a news-like list, an agenda, and the staff's table of the same records. */
const definition: ResourceDefinition = {
  name: 'incubator',
  title: '孵化器',
  permission: 'incubator',
  owner: 'user',
  anonymousCreate: false,
  record: {
    type: 'object',
    properties: {
      name: { type: 'string', title: '名称' },
      kind: { type: 'string', title: '类型', enum: ['a', 'b'], 'x-enum-labels': ['国家级', '省级'] },
      startAt: { type: 'string', title: '开始时间', format: 'date-time' },
    },
  },
  workflow: { initial: 'published', states: { published: { title: '已发布' } }, transitions: {} },
  lists: {
    cards: {
      title: '孵化载体',
      scope: 'public',
      pageSize: 100,
      columns: [{ field: 'name' }],
      layout: { kind: 'cards', title: 'name', facts: ['kind'] },
    },
    news: { title: '动态', scope: 'public', pageSize: 100, columns: [{ field: 'name' }], layout: { kind: 'media', title: 'name' } },
    agenda: {
      title: '活动日历',
      scope: 'public',
      pageSize: 100,
      columns: [{ field: 'name' }],
      layout: { kind: 'agenda', title: 'name', start: 'startAt' },
    },
    all: { title: '孵化器管理', scope: 'all', pageSize: 100, columns: [{ field: 'name', link: true }, { field: 'kind' }] },
  },
} as ResourceDefinition;

const records = (count: number): RecordView[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `r${index}`,
    version: 1,
    status: 'published',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    // Three events a month, so the agenda has month headings between them.
    data: {
      name: `载体${index}`,
      kind: 'a',
      startAt: `2026-${String(1 + (Math.floor(index / 3) % 12)).padStart(2, '0')}-05T01:30:00.000Z`,
    },
  })) as unknown as RecordView[];

const api = vi.hoisted(() => ({ getDefinition: vi.fn(), getList: vi.fn(), getPages: vi.fn() }));
vi.mock('../../../../src/client/api/data-provider', () => ({ dataProvider: api }));
vi.mock('../../../../src/client/api/dict-api', () => ({
  // Nothing has arrived before the first render: each form loads its dictionaries.
  arrivedDictOptions: () => undefined,
  loadDictOptions: vi.fn(async () => ({})),
}));

// happy-dom lays nothing out: each list item (a card, a line, an event) is given a phone's height, as a
// browser would measure it, so the window holds a few of them.
const ITEM_PX = 200;
const isItem = (element: Element): boolean => element.tagName === 'LI';
const rectOf = (element: Element): DOMRect => {
  const height = isItem(element) ? ITEM_PX : 0;
  // Everything starts at the page's top, which moves up as the page scrolls.
  const top = -window.scrollY;
  return { x: 0, y: top, top, left: 0, bottom: top + height, right: 360, width: 360, height, toJSON: () => ({}) } as DOMRect;
};

beforeAll(() => {
  stubMatchMedia();
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isItem(this) ? ITEM_PX : 0;
    },
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return rectOf(this);
  });
  api.getDefinition.mockResolvedValue(definition);
  api.getPages.mockResolvedValue({ pages: [], accountMenu: [] });
});
/** The page's scroll as a browser reports it (happy-dom's scrollTo does not move scrollY). */
function scrollPageTo(top: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
  window.dispatchEvent(new Event('scroll'));
}

afterEach(() => {
  cleanup();
  scrollPageTo(0);
});

const showList = async (list: string, count: number): Promise<void> => {
  api.getList.mockResolvedValue({ total: count, records: records(count) });
  renderWithProviders(<SchemaList resource="incubator" list={list} can={() => true} />, {
    routes: [{ path: new URL(resourceDetailHref('incubator', 'r1'), 'http://x').pathname, element: <p>详情页</p> }],
  });
  await screen.findByRole('link', { name: '载体0' });
};
/** The list once the virtualizer's chunk has loaded and drawn its window (the list's paddings stand for the rest). */
async function windowed(): Promise<HTMLElement> {
  // The plain first items, drawn while the chunk loads, are another element than the window's list.
  const list = (): HTMLElement | null => document.querySelector('.kc-cards, .kc-media, .kc-agenda');
  await waitFor(() => expect(list()?.style.paddingBottom).toBeTruthy(), { timeout: 10_000 });
  return list() as HTMLElement;
}
const drawnLinks = (): string[] => screen.queryAllByRole('link', { name: /^载体\d+$/ }).map((link) => link.textContent ?? '');

describe('public lists on a usual page (ADR 0058)', () => {
  it('draws every card, with its facts, and no table', async () => {
    await showList('cards', 10);
    expect(drawnLinks()).toHaveLength(10);
    expect(screen.getAllByText('国家级')).toHaveLength(10);
    expect(document.querySelector('.ant-table')).toBeNull();
    expect((document.querySelector('.kc-cards') as HTMLElement).getAttribute('style')).toBeNull();
  });

  it('draws every line of a media list and every event of an agenda under its month', async () => {
    await showList('news', VIRTUAL_ROWS_ABOVE);
    expect(drawnLinks()).toHaveLength(VIRTUAL_ROWS_ABOVE);
    cleanup();
    await showList('agenda', 12);
    expect(drawnLinks()).toHaveLength(12);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });
});

describe('long public lists render only what is in view (ADR 0058)', () => {
  for (const list of ['cards', 'news', 'agenda'])
    it(`${list}: the items beyond the screen are not in the DOM until the page scrolls to them`, async () => {
      await showList(list, 100);
      // The first items are drawn plainly while the virtualizer's chunk loads; then only the window.
      const list$ = await windowed();
      const first = drawnLinks();
      expect(first.length).toBeGreaterThan(0);
      expect(first.length).toBeLessThan(40);
      expect(first[0]).toBe('载体0');
      expect(first).not.toContain('载体99');
      // The list keeps its full height, so the page's scroll bar and the footer's place are right.
      expect(Number.parseFloat(list$.style.paddingBottom)).toBeGreaterThan(1000);
      // Down the page as a reader scrolls it, a screen at a time, until its end.
      for (let top = 800; top < 100_000 && !drawnLinks().includes('载体99'); top += 800) act(() => scrollPageTo(top));
      expect(drawnLinks()).toContain('载体99');
      expect(drawnLinks()).not.toContain('载体0');
    });

  it('keeps links and the keyboard: a drawn card is reached by Tab and Enter opens its detail', async () => {
    await showList('cards', 100);
    await windowed();
    const user = userEvent.setup();
    const link = screen.getByRole('link', { name: '载体1' });
    expect(link.getAttribute('href')).toBe(resourceDetailHref('incubator', 'r1'));
    screen.getByRole('link', { name: '载体0' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(link);
    // Tab runs ahead of the page's scroll (here the page does not scroll at all): the window follows the focus.
    for (let step = 1; step < 12; step += 1) await user.tab();
    expect(document.activeElement?.textContent).toBe('载体12');
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('载体11');
    screen.getByRole('link', { name: '载体1' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('详情页')).toBeTruthy();
  });
});

describe("the staff's table (ADR 0058)", () => {
  it('keeps the plain table for a usual page: every row in the DOM', async () => {
    await showList('all', 20);
    expect(document.querySelectorAll('.kc-schema-list tbody tr.ant-table-row')).toHaveLength(20);
    expect(document.querySelector('.ant-table-tbody-virtual')).toBeNull();
  });

  it('renders only the rows in view above the threshold, each with its link', async () => {
    await showList('all', 100);
    expect(document.querySelector('.ant-table-tbody-virtual')).not.toBeNull();
    const rows = document.querySelectorAll('.kc-schema-list .ant-table-row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    expect(drawnLinks()[0]).toBe('载体0');
    expect(screen.getByRole('link', { name: '载体0' }).getAttribute('href')).toBe(resourceDetailHref('incubator', 'r0'));
    expect(drawnLinks()).not.toContain('载体99');
  });
});
