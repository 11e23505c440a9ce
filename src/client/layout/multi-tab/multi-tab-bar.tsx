import { Dropdown, Tabs, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { useGeneratedMenu } from '../../session/user-session-store';
import { layoutTextsFor, type LayoutTexts } from '../layout-texts';
import { generatedTitles } from '../main-menu';
import { pageTitle } from './page-title';
import { useRegisteredTitles } from '../../hooks/page-title-store';
import {
  closeAllTabs,
  closeLeftTabs,
  closeRightTabs,
  closeTab,
  initialTabs,
  openTab,
  parseTabsState,
  tabEntry,
  tabHref,
  type CloseOutcome,
  type TabEntry,
  type TabRefusal,
  type TabsState,
} from './tab-state';
import { useFeedback } from '../../feedback/use-feedback';

type CloseAction = 'current' | 'left' | 'right' | 'all';

function refusalText(refusal: TabRefusal, layoutTexts: LayoutTexts): string {
  return { lastTab: layoutTexts.tabLastOne, noLeft: layoutTexts.tabNoLeft, noRight: layoutTexts.tabNoRight }[refusal];
}

/** The open tabs last for the browser tab's session: a reload keeps them, a new window starts afresh. */
const STORAGE_KEY = 'kc-open-tabs';

function readTabs(current: TabEntry): TabsState {
  try {
    const stored = parseTabsState(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    return stored ? openTab(stored, current) : initialTabs(current);
  } catch {
    return initialTabs(current);
  }
}

function writeTabs(state: TabsState): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // No storage: the tabs last for this page only.
  }
}

/**
 * The multi-tab bar (spec §2): one tab per visited page, a click navigates, and a right-click menu
 * closes the current tab, those to its right or left, or all of them. ProLayout has none
 * (STACK.md trap 7), so it is antd Tabs driven by the router. It keeps the list of open pages; the
 * pages themselves re-mount when revisited, and their forms keep drafts on their own.
 */
export function MultiTabBar() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const layoutTexts = layoutTextsFor(locale);
  const { message } = useFeedback();
  const generatedRoutes = useGeneratedMenu();
  const menuTitles = useMemo(() => generatedTitles(generatedRoutes, locale), [generatedRoutes, locale]);
  const registered = useRegisteredTitles();
  const dataTitles = useMemo(() => new Map([...registered].map(([path, titles]) => [path, titles[locale]])), [registered, locale]);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [stored, setState] = useState(() => readTabs(tabEntry(pathname, search)));

  useEffect(() => {
    setState((previous) => openTab(previous, tabEntry(pathname, search)));
  }, [pathname, search]);

  useEffect(() => writeTabs(stored), [stored]);

  // The page on screen always has its tab, even when a close navigated and the page refused to
  // leave (the step form's unsaved-changes guard): the bar never shows a page without its tab.
  const state = openTab(stored, tabEntry(pathname, search));

  const apply = (outcome: CloseOutcome): void => {
    if (!outcome.ok) {
      void message.info(refusalText(outcome.refusal, layoutTexts));
      return;
    }
    setState(outcome.state);
    // The location effect then finds the tab already active and leaves the state as it is.
    if (outcome.navigateTo !== undefined) navigate(outcome.navigateTo);
  };

  const close = (action: CloseAction, key: string): void => {
    if (action === 'current') apply(closeTab(state, key));
    else if (action === 'left') apply(closeLeftTabs(state, key));
    else if (action === 'right') apply(closeRightTabs(state, key));
    else apply(closeAllTabs(state));
  };

  const contextMenu = (key: string): MenuProps => ({
    items: [
      { key: 'current', label: layoutTexts.tabCloseCurrent },
      { key: 'right', label: layoutTexts.tabCloseRight },
      { key: 'left', label: layoutTexts.tabCloseLeft },
      { key: 'all', label: layoutTexts.tabCloseAll },
    ],
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      close(action as CloseAction, key);
    },
  });

  return (
    <Tabs
      className="kc-multi-tab"
      aria-label={layoutTexts.tabBar}
      type="editable-card"
      hideAdd
      size="small"
      activeKey={state.activeKey}
      onChange={(key) => navigate(tabHref(state.tabs.find((tab) => tab.key === key) ?? { key, pathname: key }))}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close('current', key);
      }}
      items={state.tabs.map((tab) => ({
        key: tab.key,
        closable: true,
        label: (
          <Dropdown trigger={['contextMenu']} menu={contextMenu(tab.key)} overlayClassName="kc-tab-menu">
            <span className="kc-tab-title" data-tab-key={tab.key}>
              {pageTitle(tab.pathname, texts, layoutTexts, menuTitles, dataTitles, tab.key)}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
}
