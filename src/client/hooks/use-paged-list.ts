import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../shared/api/envelope';

export interface PagedList<T> {
  pageNo: number;
  setPageNo: (pageNo: number) => void;
  page: Page<T> | undefined;
  loading: boolean;
  /** The last load failed; the table keeps its previous rows. */
  failed: boolean;
  /** Loads the current page again (the retry of a failed load). */
  reload: () => Promise<void>;
}

/**
 * One page of a server list at a time: loads when the page number or `fetchPage` changes (a new
 * filter is a new `fetchPage`, so wrap it in useCallback), shows loading, and keeps the last rows on a
 * failure. Only the newest request may fill the table: a slow answer for an old filter must not.
 */
export function usePagedList<T>(fetchPage: (pageNo: number) => Promise<Page<T>>): PagedList<T> {
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<T>>();
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const reload = useCallback(async (): Promise<void> => {
    const current = ++latest.current;
    setLoading(true);
    try {
      const answer = await fetchPage(pageNo);
      if (current !== latest.current) return;
      setPage(answer);
      setFailed(false);
    } catch {
      // The HTTP client has notified the failure; the page keeps its last rows and says so.
      if (current === latest.current) setFailed(true);
    } finally {
      if (current === latest.current) setLoading(false);
    }
  }, [fetchPage, pageNo]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { pageNo, setPageNo, page, loading, failed, reload };
}
