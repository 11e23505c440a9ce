import { startTransition, useCallback, useEffect, useState } from 'react';

/**
 * A value loaded once per `key` (a newer key wins over a slower older answer), with `failed` and a
 * retry for the page's error state; the HTTP client has already said why a load failed.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): { value: T | undefined; failed: boolean; retry: () => void } {
  const [loaded, setLoaded] = useState<{ key: string; value: T }>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setFailed(false);
    load().then(
      // A transition: drawing what arrived yields to the browser between components instead of one long
      // task (issue 33: on a phone's CPU a page of results was 200-300 ms at once).
      (value) => active && startTransition(() => setLoaded({ key, value })),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
    // `load` is read at each key or retry; a new closure for the same key is the same load.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { value: loaded?.key === key ? loaded.value : undefined, failed, retry };
}
