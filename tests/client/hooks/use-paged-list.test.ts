// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePagedList } from '../../../src/client/hooks/use-paged-list';
import type { Page } from '../../../src/shared/api/envelope';

const pageOf = (label: string): Page<string> => ({ total: 1, records: [label] });

describe('usePagedList', () => {
  it('loads page 1, then the page asked for, and keeps the rows when a load fails', async () => {
    const fetchPage = vi.fn(async (pageNo: number) => {
      if (pageNo === 3) throw new Error('offline');
      return pageOf(`page ${pageNo}`);
    });
    const { result } = renderHook(() => usePagedList(fetchPage));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.page?.records).toEqual(['page 1']));
    expect(result.current.loading).toBe(false);

    act(() => result.current.setPageNo(2));
    await waitFor(() => expect(result.current.page?.records).toEqual(['page 2']));

    act(() => result.current.setPageNo(3));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.page?.records).toEqual(['page 2']);
    expect(result.current.loading).toBe(false);
  });

  it('lets only the newest request fill the table: a slow answer for an old filter is dropped', async () => {
    let releaseOld: (page: Page<string>) => void = () => undefined;
    const slowOld = (): Promise<Page<string>> => new Promise((resolve) => (releaseOld = resolve));
    const fastNew = async (): Promise<Page<string>> => pageOf('new filter');
    const { result, rerender } = renderHook(({ fetchPage }) => usePagedList(fetchPage), { initialProps: { fetchPage: slowOld } });
    rerender({ fetchPage: fastNew });
    await waitFor(() => expect(result.current.page?.records).toEqual(['new filter']));
    await act(async () => releaseOld(pageOf('old filter')));
    expect(result.current.page?.records).toEqual(['new filter']);
  });

  it('reloads the same page on retry', async () => {
    const fetchPage = vi.fn(async () => pageOf('rows'));
    const { result } = renderHook(() => usePagedList(fetchPage));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    await act(() => result.current.reload());
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage).toHaveBeenLastCalledWith(1);
  });
});
