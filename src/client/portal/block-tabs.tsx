import { useRef, type KeyboardEvent } from 'react';

export interface BlockTab {
  key: string;
  label: string;
}

/**
 * A block's tab strip (WAI-ARIA tabs: arrow keys, Home and End move and select, one tab in the Tab
 * order). antd's Tabs would bring its overflow menu and dropdown into the home page's first load.
 */
export function BlockTabs({
  tabs,
  activeKey,
  onChange,
  label,
  panelId,
}: {
  tabs: BlockTab[];
  activeKey: string;
  onChange: (key: string) => void;
  label: string;
  panelId?: string;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (index: number): void => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.key);
    buttons.current[(index + tabs.length) % tabs.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };
  return (
    <div role="tablist" aria-label={label} className="kc-block-tabs">
      {tabs.map((tab, index) => {
        const active = tab.key === activeKey;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            className={active ? 'kc-block-tab kc-block-tab-active' : 'kc-block-tab'}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
