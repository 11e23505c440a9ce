import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';
import { dataProvider, type RecordDetail } from '../api/data-provider';

export type RecordDetailState = 'loading' | 'ready' | 'missing' | 'failed';

/**
 * One record of a folder as its detail pages read it: loading, ready, missing (a 404: absent, or not the
 * reader's to see) or failed, with `load` to read it again (a retry, or after a transition).
 */
export function useRecordDetail(
  resource: string,
  id: string,
): { record: RecordDetail | undefined; state: RecordDetailState; load: () => Promise<void> } {
  const [record, setRecord] = useState<RecordDetail>();
  const [state, setState] = useState<RecordDetailState>('loading');
  const load = useCallback(async (): Promise<void> => {
    try {
      setRecord(await dataProvider.getOne(resource, id));
      setState('ready');
    } catch (error) {
      setState(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed');
    }
  }, [resource, id]);
  useEffect(() => {
    void load();
  }, [load]);
  return { record, state, load };
}
