import { describe, expect, it } from 'vitest';
import {
  closeAllTabs,
  closeLeftTabs,
  closeRightTabs,
  closeTab,
  HOME_TAB,
  initialTabs,
  openTab,
  parseTabsState,
  tabEntry,
  tabHref,
  type CloseOutcome,
  type TabsState,
} from '../../../src/client/layout/multi-tab/tab-state';

const tab = (key: string) => ({ key, pathname: key.split('?')[0] ?? key });
const keys = (state: TabsState): string[] => state.tabs.map((entry) => entry.key);

/** Tabs a, b, c, d (each a path) with `active` active. */
function fourTabs(active: string): TabsState {
  let state = initialTabs(tab('/a'));
  for (const key of ['/b', '/c', '/d']) state = openTab(state, tab(key));
  return openTab(state, tab(active));
}

function accepted(outcome: CloseOutcome): { state: TabsState; navigateTo?: string } {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal}`);
  return outcome;
}

describe('opening tabs', () => {
  it('appends a new page and activates it; a revisit only activates', () => {
    const state = fourTabs('/d');
    expect(keys(state)).toEqual(['/a', '/b', '/c', '/d']);
    const revisited = openTab(state, tab('/b'));
    expect(keys(revisited)).toEqual(['/a', '/b', '/c', '/d']);
    expect(revisited.activeKey).toBe('/b');
  });

  it('keeps one tab per address, query included', () => {
    const state = openTab(initialTabs(tab('/form?activityId=x')), tab('/form?activityId=y'));
    expect(keys(state)).toEqual(['/form?activityId=x', '/form?activityId=y']);
  });

  it('keeps one tab for a page whose query is a view (the search), leading back to the last view', () => {
    let state = initialTabs(tab('/home'));
    state = openTab(state, tabEntry('/search', '?keyword=a'));
    state = openTab(state, tabEntry('/search', '?keyword=b&page=2'));
    expect(keys(state)).toEqual(['/home', '/search']);
    expect(tabHref(state.tabs[1]!)).toBe('/search?keyword=b&page=2');
    state = openTab(state, tab('/home'));
    const closed = accepted(closeTab(openTab(state, tab('/x')), '/x'));
    expect(closed.navigateTo).toBe('/search?keyword=b&page=2');
    expect(tabEntry('/home/activities/applicationForm', '?activityId=x').key).toBe('/home/activities/applicationForm?activityId=x');
    expect(
      parseTabsState({ tabs: [{ key: '/search', pathname: '/search', href: 'https://evil.example' }], activeKey: '/search' }),
    ).toBeUndefined();
  });

  it('returns the same state when nothing changes', () => {
    const state = fourTabs('/c');
    expect(openTab(state, tab('/c'))).toBe(state);
  });
});

describe('close current', () => {
  it('refuses the last tab (这是最后一个标签页，不能关闭)', () => {
    expect(closeTab(initialTabs(tab('/a')), '/a')).toEqual({ ok: false, refusal: 'lastTab' });
  });

  it('closing the active tab activates its left neighbour and navigates there', () => {
    const outcome = accepted(closeTab(fourTabs('/c'), '/c'));
    expect(keys(outcome.state)).toEqual(['/a', '/b', '/d']);
    expect(outcome.state.activeKey).toBe('/b');
    expect(outcome.navigateTo).toBe('/b');
  });

  it('closing the first and active tab activates the new first', () => {
    const outcome = accepted(closeTab(fourTabs('/a'), '/a'));
    expect(outcome.state.activeKey).toBe('/b');
    expect(outcome.navigateTo).toBe('/b');
  });

  it('closing another tab leaves the active one and does not navigate', () => {
    const outcome = accepted(closeTab(fourTabs('/d'), '/b'));
    expect(keys(outcome.state)).toEqual(['/a', '/c', '/d']);
    expect(outcome.state.activeKey).toBe('/d');
    expect(outcome.navigateTo).toBeUndefined();
  });
});

describe('close left and right', () => {
  it('refuses close left on the first tab (左侧没有标签页)', () => {
    expect(closeLeftTabs(fourTabs('/c'), '/a')).toEqual({ ok: false, refusal: 'noLeft' });
  });

  it('refuses close right on the last tab (右侧没有标签页)', () => {
    expect(closeRightTabs(fourTabs('/c'), '/d')).toEqual({ ok: false, refusal: 'noRight' });
  });

  it('close left keeps the target and what follows; the active tab stays when kept', () => {
    const outcome = accepted(closeLeftTabs(fourTabs('/d'), '/c'));
    expect(keys(outcome.state)).toEqual(['/c', '/d']);
    expect(outcome.state.activeKey).toBe('/d');
    expect(outcome.navigateTo).toBeUndefined();
  });

  it('close left activates the target when the active tab was closed', () => {
    const outcome = accepted(closeLeftTabs(fourTabs('/a'), '/c'));
    expect(outcome.state.activeKey).toBe('/c');
    expect(outcome.navigateTo).toBe('/c');
  });

  it('close right keeps the target and what precedes it', () => {
    const outcome = accepted(closeRightTabs(fourTabs('/d'), '/b'));
    expect(keys(outcome.state)).toEqual(['/a', '/b']);
    expect(outcome.state.activeKey).toBe('/b');
    expect(outcome.navigateTo).toBe('/b');
  });

  it('a single tab has nothing on either side', () => {
    const state = initialTabs(tab('/a'));
    expect(closeLeftTabs(state, '/a')).toEqual({ ok: false, refusal: 'noLeft' });
    expect(closeRightTabs(state, '/a')).toEqual({ ok: false, refusal: 'noRight' });
  });
});

describe('close all', () => {
  it('leaves only the home tab and goes there', () => {
    const outcome = accepted(closeAllTabs(fourTabs('/c')));
    expect(keys(outcome.state)).toEqual([HOME_TAB.key]);
    expect(outcome.state.activeKey).toBe('/home');
    expect(outcome.navigateTo).toBe('/home');
  });

  it('keeps an open home tab without navigating when home is active', () => {
    const state = openTab(openTab(initialTabs(tab('/a')), tab('/home')), tab('/home'));
    const outcome = accepted(closeAllTabs(state));
    expect(keys(outcome.state)).toEqual(['/home']);
    expect(outcome.navigateTo).toBeUndefined();
  });

  it('refuses when the home tab is all there is', () => {
    expect(closeAllTabs(initialTabs(tab('/home')))).toEqual({ ok: false, refusal: 'lastTab' });
  });
});

describe('stored tabs', () => {
  it('reads back a stored state and drops malformed entries', () => {
    const stored = { tabs: [tab('/a'), { key: 'javascript:alert(1)', pathname: 'x' }, { key: 3 }], activeKey: '/a' };
    expect(parseTabsState(stored)).toEqual({ tabs: [tab('/a')], activeKey: '/a' });
  });

  it('gives undefined for anything unusable', () => {
    for (const raw of [null, 'x', { tabs: [], activeKey: '/a' }, { tabs: 'a', activeKey: '/a' }, { tabs: [tab('/a')] }])
      expect(parseTabsState(raw)).toBeUndefined();
  });
});
