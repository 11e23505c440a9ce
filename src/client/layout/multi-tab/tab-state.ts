/**
 * The multi-tab bar's state as pure functions (spec §2, §4, §8): open pages in order and the active
 * one. Closing returns either the new state (and where to go when the active tab went away) or a
 * refusal the bar shows as a message.
 */
export interface TabEntry {
  /** The page's address, path plus query: one tab per distinct page (two activities' forms are two tabs). */
  key: string;
  pathname: string;
  /** Where the tab leads when that is not its key: the last query of a page whose query is a view of it. */
  href?: string;
}

/**
 * Pages whose query is a view of one page (the search's keyword and page, the news list's filters):
 * one tab for the page, leading back to the last view, instead of a tab for every search.
 */
const VIEW_QUERY_PATHS: ReadonlySet<string> = new Set(['/search', '/home/articles', '/home/aianswer']);

/** The tab of the page at this path and query. */
export function tabEntry(pathname: string, search: string): TabEntry {
  if (!VIEW_QUERY_PATHS.has(pathname)) return { key: pathname + search, pathname };
  return search ? { key: pathname, pathname, href: pathname + search } : { key: pathname, pathname };
}

/** Where a click on the tab goes. */
export const tabHref = (tab: TabEntry): string => tab.href ?? tab.key;

export interface TabsState {
  tabs: TabEntry[];
  activeKey: string;
}

/** Why a close did nothing: '这是最后一个标签页，不能关闭', '左侧没有标签页', '右侧没有标签页'. */
export type TabRefusal = 'lastTab' | 'noLeft' | 'noRight';

export type CloseOutcome = { ok: true; state: TabsState; navigateTo?: string } | { ok: false; refusal: TabRefusal };

/** Where "close all" leaves the user: the home tab, which the portal always has to return to. */
export const HOME_TAB: TabEntry = { key: '/home', pathname: '/home' };

export function initialTabs(tab: TabEntry): TabsState {
  return { tabs: [tab], activeKey: tab.key };
}

/** Visiting a page: its tab becomes active, appended at the end when it was not open yet. */
export function openTab(state: TabsState, tab: TabEntry): TabsState {
  const existing = state.tabs.find((candidate) => candidate.key === tab.key);
  if (existing && state.activeKey === tab.key && existing.href === tab.href) return state;
  const tabs = existing ? state.tabs.map((candidate) => (candidate.key === tab.key ? tab : candidate)) : [...state.tabs, tab];
  return { tabs, activeKey: tab.key };
}

/** The kept tabs, and where to navigate when the active tab is no longer among them. */
function keep(state: TabsState, tabs: TabEntry[], fallback: TabEntry): CloseOutcome {
  if (tabs.some((tab) => tab.key === state.activeKey)) return { ok: true, state: { tabs, activeKey: state.activeKey } };
  return { ok: true, state: { tabs, activeKey: fallback.key }, navigateTo: tabHref(fallback) };
}

/** Close current: refused for the last tab; closing the active tab activates its left neighbour (else the right). */
export function closeTab(state: TabsState, key: string): CloseOutcome {
  const index = state.tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return { ok: true, state };
  if (state.tabs.length === 1) return { ok: false, refusal: 'lastTab' };
  const tabs = state.tabs.filter((tab) => tab.key !== key);
  const neighbour = tabs[Math.max(0, index - 1)] as TabEntry;
  return keep(state, tabs, neighbour);
}

/** Close left: every tab before `key`; refused when there is none. The target becomes active if the active tab closed. */
export function closeLeftTabs(state: TabsState, key: string): CloseOutcome {
  const index = state.tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return { ok: true, state };
  if (index === 0) return { ok: false, refusal: 'noLeft' };
  const tabs = state.tabs.slice(index);
  return keep(state, tabs, tabs[0] as TabEntry);
}

/** Close right: every tab after `key`; refused when there is none. */
export function closeRightTabs(state: TabsState, key: string): CloseOutcome {
  const index = state.tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return { ok: true, state };
  if (index === state.tabs.length - 1) return { ok: false, refusal: 'noRight' };
  const tabs = state.tabs.slice(0, index + 1);
  return keep(state, tabs, tabs[index] as TabEntry);
}

/**
 * Close all: only the home tab stays (opened if it was not), and the user goes there. With nothing
 * but the home tab open there is nothing to close, which is the last-tab refusal.
 */
export function closeAllTabs(state: TabsState): CloseOutcome {
  if (state.tabs.length === 1 && state.tabs[0]?.key === HOME_TAB.key) return { ok: false, refusal: 'lastTab' };
  const home = state.tabs.find((tab) => tab.key === HOME_TAB.key) ?? HOME_TAB;
  return keep(state, [home], home);
}

/** Tabs kept in sessionStorage, checked: anything malformed gives undefined (start afresh). */
export function parseTabsState(raw: unknown): TabsState | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { tabs, activeKey } = raw as { tabs?: unknown; activeKey?: unknown };
  if (!Array.isArray(tabs) || typeof activeKey !== 'string') return undefined;
  const valid = tabs.filter(
    (tab): tab is TabEntry =>
      typeof tab === 'object' &&
      tab !== null &&
      typeof (tab as TabEntry).key === 'string' &&
      typeof (tab as TabEntry).pathname === 'string' &&
      (tab as TabEntry).key.startsWith('/') &&
      ((tab as TabEntry).href === undefined ||
        (typeof (tab as TabEntry).href === 'string' && ((tab as TabEntry).href as string).startsWith('/'))),
  );
  if (valid.length === 0) return undefined;
  return { tabs: valid, activeKey };
}
