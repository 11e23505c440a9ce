// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithTimeout } from '../../../src/client/chunk/lazy-with-timeout';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../src/shared/constants';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

beforeAll(stubMatchMedia);
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Page({ name }: { name: string }) {
  return <p>page {name}</p>;
}

function renderInShell(node: ReactNode) {
  // As app.tsx sets it (renderWithProviders does too): no space inserted into two-character Chinese button texts (重试).
  return renderWithProviders(<Suspense fallback={<p>loading</p>}>{node}</Suspense>);
}

/** Lets the pending promises and React's resulting renders run. */
async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('lazyWithTimeout', () => {
  it('renders the page with its props once the chunk arrives', async () => {
    const LazyPage = lazyWithTimeout(() => Promise.resolve({ default: Page }));
    renderInShell(<LazyPage name="home" />);
    await flush();
    expect(screen.getByText('page home')).toBeTruthy();
  });

  it('shows the load error with 重试 after 120 s, and 重试 imports again', async () => {
    let resolveSecond: (module: { default: typeof Page }) => void = () => undefined;
    const loader = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockImplementationOnce(() => new Promise(() => undefined))
      .mockImplementationOnce(() => new Promise((resolve) => (resolveSecond = resolve)));
    const LazyPage = lazyWithTimeout(loader);
    renderInShell(<LazyPage name="slow" />);

    await flush(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(screen.getByText('loading')).toBeTruthy();

    await flush(1);
    expect(screen.getByText('页面加载超时')).toBeTruthy();
    const retry = screen.getByRole('button', { name: '重试' });

    fireEvent.click(retry);
    expect(loader).toHaveBeenCalledTimes(2);
    await flush();
    expect(screen.getByText('loading')).toBeTruthy();
    resolveSecond({ default: Page });
    await flush();
    expect(screen.getByText('page slow')).toBeTruthy();
  });

  it('shows the cannot-find-module page, not a blank screen, when the import fails', async () => {
    const LazyPage = lazyWithTimeout<{ name: string }>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/gone.js')),
    );
    renderInShell(<LazyPage name="gone" />);
    await flush();
    expect(screen.getByText('找不到页面模块')).toBeTruthy();
    expect(screen.getByText(/Cannot find module: Failed to fetch dynamically imported module/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('treats a chunk without a default export as a missing module', async () => {
    const LazyPage = lazyWithTimeout(() => Promise.resolve({} as { default: typeof Page }));
    renderInShell(<LazyPage name="x" />);
    await flush();
    expect(screen.getByText('找不到页面模块')).toBeTruthy();
  });

  it('loads a page once for every later mount', async () => {
    const loader = vi.fn(() => Promise.resolve({ default: Page }));
    const LazyPage = lazyWithTimeout(loader);
    const first = renderInShell(<LazyPage name="a" />);
    await flush();
    first.unmount();
    renderInShell(<LazyPage name="b" />);
    await flush();
    expect(screen.getByText('page b')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
