// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the store, as after a reload of the browser tab. */
async function reloadedStore(): Promise<typeof import('../../../src/client/hooks/page-title-store')> {
  vi.resetModules();
  return import('../../../src/client/hooks/page-title-store');
}

describe('the registered page titles', () => {
  beforeEach(() => sessionStorage.clear());

  it('outlive a reload of the browser tab, in both languages (issue 30: tabs keep their names)', async () => {
    const first = await reloadedStore();
    first.registerPageTitle('/home/resources/event/detail?id=1', { 'zh-CN': '科技成果对接会', 'en-US': 'Matchmaking day' });
    first.registerPageTitle('/home/financing', { 'zh-CN': '融资项目', 'en-US': 'Financing projects' });
    const second = await reloadedStore();
    const { result } = renderHook(() => second.useRegisteredTitles());
    expect(result.current.get('/home/resources/event/detail?id=1')).toEqual({ 'zh-CN': '科技成果对接会', 'en-US': 'Matchmaking day' });
    expect(result.current.get('/home/financing')?.['en-US']).toBe('Financing projects');
  });

  it('keeps the most recent hundred, and ignores a stored value it cannot read', async () => {
    const store = await reloadedStore();
    for (let index = 0; index < 105; index += 1)
      store.registerPageTitle(`/page/${index}`, { 'zh-CN': `页${index}`, 'en-US': `Page ${index}` });
    const kept = (await reloadedStore()).useRegisteredTitles;
    const { result } = renderHook(() => kept());
    expect(result.current.size).toBe(100);
    expect(result.current.has('/page/4')).toBe(false);
    expect(result.current.get('/page/104')?.['zh-CN']).toBe('页104');

    sessionStorage.setItem('kc-page-titles', '{"not":"a list"');
    const broken = (await reloadedStore()).useRegisteredTitles;
    expect(renderHook(() => broken()).result.current.size).toBe(0);
    sessionStorage.setItem(
      'kc-page-titles',
      JSON.stringify([
        ['/a', { 'zh-CN': 1 }],
        ['/b', { 'zh-CN': '乙', 'en-US': 'B' }],
      ]),
    );
    const partly = (await reloadedStore()).useRegisteredTitles;
    expect([...renderHook(() => partly()).result.current.keys()]).toEqual(['/b']);
  });
});
