import { useCallback, useEffect, useState } from 'react';
import type { ResourcePages } from '../../shared/generated/resource-pages';
import { dataProvider } from '../api/data-provider';

/** The folders' pages and account-menu lists, loaded once per page life; `failed` offers a retry. */
export function useResourcePages(): { pages: ResourcePages | undefined; failed: boolean; retry: () => void } {
  const [pages, setPages] = useState<ResourcePages>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setFailed(false);
    dataProvider.getPages().then(
      (loaded) => active && setPages(loaded),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { pages, failed, retry };
}
