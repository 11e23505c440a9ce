/**
 * The multi-tab bar's state as pure functions (spec §2, §4, §8): open pages in order and the active
 * one. Closing returns either the new state (and where to go when the active tab went away) or a
 * refusal the bar shows as a message.
 */
export interface TabEntry {
  /** The page's address, path plus query: one tab per distinct page (two activities' forms are two tabs). */
  key: string;
  pathname: string;
}

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
  const open = state.tabs.some((existing) => existing.key === tab.key);
  if (open && state.activeKey === tab.key) return state;
  return { tabs: open ? state.tabs : [...state.tabs, tab], activeKey: tab.key };
}

/** The kept tabs, and where to navigate when the active tab is no longer among them. */
function keep(state: TabsState, tabs: TabEntry[], fallback: TabEntry): CloseOutcome {
  if (tabs.some((tab) => tab.key === state.activeKey)) return { ok: true, state: { tabs, activeKey: state.activeKey } };
  return { ok: true, state: { tabs, activeKey: fallback.key }, navigateTo: fallback.key };
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
      typeof tab === 'object' && tab !== null && typeof (tab as TabEntry).key === 'string' && typeof (tab as TabEntry).pathname === 'string' && (tab as TabEntry).key.startsWith('/'),
  );
  if (valid.length === 0) return undefined;
  return { tabs: valid, activeKey };
}
