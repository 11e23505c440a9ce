import { createElement, lazy, useCallback, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';
import { ChunkLoadError, toChunkLoadError } from './chunk-load-error';
import { ChunkLoadFailure, ChunkRetryContext } from './chunk-load-failure';
import { trackPageChunk } from './first-page-settled';
import { loadWithTimeout } from './load-with-timeout';

type PageModule<P> = { default: ComponentType<P> };

/**
 * React.lazy for route pages with spec §9's chunk-load timeout: a chunk that has not arrived after
 * `timeoutMs` shows a load error with 重试, and a chunk that fails or has no default export shows
 * the cannot-find-module page, both in place of the page. Use it as React.lazy:
 * `const HomePage = lazyWithTimeout(() => import('../pages/home-page'))`.
 */
export function lazyWithTimeout<P extends object>(
  loader: () => Promise<PageModule<P>>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): ComponentType<P> {
  // React.lazy's result takes the page's props plus a ref; the pages take no ref, so it is used as
  // the plain component type it wraps.
  const attempt = (): ComponentType<P> =>
    lazy(async (): Promise<PageModule<P>> => {
      try {
        const module = await trackPageChunk(loadWithTimeout(loader, timeoutMs));
        const page: unknown = module?.default;
        // A component is a function, or an object for memo/forwardRef pages.
        if (typeof page !== 'function' && (typeof page !== 'object' || page === null))
          throw new ChunkLoadError('missing', 'Cannot find module: the chunk has no default export');
        return module;
      } catch (error) {
        const failure = toChunkLoadError(error);
        console.error('Page chunk failed to load', failure);
        // Resolving (not rejecting) keeps the failure inside the page's area, under the shell.
        return { default: () => <ChunkLoadFailure error={failure} /> };
      }
    }) as unknown as ComponentType<P>;
  // Shared by every mount of the page, so a page that loaded once stays loaded.
  let current = attempt();

  function LazyPage(props: P) {
    const [, setRetries] = useState(0);
    const retry = useCallback(() => {
      current = attempt();
      setRetries((count) => count + 1);
    }, []);
    return <ChunkRetryContext.Provider value={retry}>{createElement(current, props)}</ChunkRetryContext.Provider>;
  }
  return LazyPage;
}
