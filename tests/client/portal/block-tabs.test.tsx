// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockTabs } from '../../../src/client/portal/block-tabs';

afterEach(cleanup);

const TABS = [
  { key: 'notice', label: '通知公告' },
  { key: 'policy', label: '政策文件' },
  { key: 'news', label: '新闻动态' },
];

function Harness() {
  const [active, setActive] = useState('notice');
  return (
    <>
      <BlockTabs tabs={TABS} activeKey={active} onChange={setActive} label="资讯类别" panelId="panel" />
      <div id="panel">{active}</div>
    </>
  );
}

describe('BlockTabs: the home blocks’ tab strip (WAI-ARIA tabs)', () => {
  it('selects by click, with one tab in the Tab order', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: '资讯类别' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '政策文件' }));
    expect(screen.getByRole('tab', { name: '政策文件' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(screen.getByRole('tab', { name: '政策文件' }).getAttribute('aria-controls')).toBe('panel');
  });

  it('moves with the arrow keys (wrapping), Home and End, and focuses the chosen tab', () => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('tab', { name: '通知公告' }), { key: 'ArrowLeft' });
    expect(document.getElementById('panel')?.textContent).toBe('news');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '新闻动态' }));
    fireEvent.keyDown(screen.getByRole('tab', { name: '新闻动态' }), { key: 'ArrowRight' });
    expect(document.getElementById('panel')?.textContent).toBe('notice');
    fireEvent.keyDown(screen.getByRole('tab', { name: '通知公告' }), { key: 'End' });
    expect(document.getElementById('panel')?.textContent).toBe('news');
    fireEvent.keyDown(screen.getByRole('tab', { name: '新闻动态' }), { key: 'Home' });
    expect(document.getElementById('panel')?.textContent).toBe('notice');
  });
});
