// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, parseLayoutSettings } from '../../../src/client/settings/layout-settings';

const KEY = 'kc-layout-settings';

/** A fresh copy of the store module, as after a page reload. */
async function freshStore() {
  vi.resetModules();
  return import('../../../src/client/settings/layout-settings-store');
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the layout settings defaults (spec §9)', () => {
  it('are light theme, top menu, Fixed width and a fixed header', async () => {
    const store = await freshStore();
    const settings = store.getLayoutSettings();
    expect(settings.navTheme).toBe('light');
    expect(settings.layout).toBe('top');
    expect(settings.contentWidth).toBe('Fixed');
    expect(settings.fixedHeader).toBe(true);
    expect(settings).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('cover every layout key of spec §3 but the language, which the locale store keeps', () => {
    expect(Object.keys(DEFAULT_LAYOUT_SETTINGS).sort()).toEqual(
      [
        'autoHideHeader',
        'colorPrimary',
        'colorWeak',
        'contentWidth',
        'fixSiderbar',
        'fixedHeader',
        'layout',
        'multiTab',
        'navTheme',
        'siderCollapsed',
        'siderMenuType',
      ].sort(),
    );
  });
});

describe('persistence', () => {
  it('stores a change and reads it back after a reload', async () => {
    const store = await freshStore();
    store.updateLayoutSettings({ layout: 'side', navTheme: 'realDark', multiTab: false, colorPrimary: '#722ed1' });
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toMatchObject({
      layout: 'side',
      navTheme: 'realDark',
      multiTab: false,
      colorPrimary: '#722ed1',
    });

    const reloaded = await freshStore();
    expect(reloaded.getLayoutSettings()).toMatchObject({
      layout: 'side',
      navTheme: 'realDark',
      multiTab: false,
      colorPrimary: '#722ed1',
      fixedHeader: true,
    });
  });

  it('notifies subscribers only when something changed', async () => {
    const store = await freshStore();
    const { renderHook, act } = await import('@testing-library/react');
    const { result } = renderHook(() => store.useLayoutSettings());
    const first = result.current;
    act(() => store.updateLayoutSettings({ layout: 'top' }));
    expect(result.current).toBe(first);
    act(() => store.updateLayoutSettings({ layout: 'mix' }));
    expect(result.current.layout).toBe('mix');
  });

  it('reset restores the defaults, stored too', async () => {
    const store = await freshStore();
    store.updateLayoutSettings({ layout: 'side', colorWeak: true });
    store.resetLayoutSettings();
    expect(store.getLayoutSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect((await freshStore()).getLayoutSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('falls back to the defaults for unparsable storage', async () => {
    localStorage.setItem(KEY, '{not json');
    expect((await freshStore()).getLayoutSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('refuses a bad value in an update, keeping the current one', async () => {
    const store = await freshStore();
    store.updateLayoutSettings({ colorPrimary: 'red; background:url(x)' });
    expect(store.getLayoutSettings().colorPrimary).toBe(DEFAULT_LAYOUT_SETTINGS.colorPrimary);
  });
});

describe('parseLayoutSettings', () => {
  it('keeps the valid keys and replaces each invalid one by its default', () => {
    const parsed = parseLayoutSettings({
      layout: 'side',
      navTheme: 'purple',
      fixedHeader: 'yes',
      contentWidth: 'Fluid',
      colorPrimary: '#FA541C',
      multiTab: false,
    });
    expect(parsed).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, layout: 'side', contentWidth: 'Fluid', colorPrimary: '#FA541C', multiTab: false });
  });

  it('gives the defaults for anything that is not an object', () => {
    for (const raw of [null, undefined, 42, 'side', []]) expect(parseLayoutSettings(raw)).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
});
