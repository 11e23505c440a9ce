import type { ResourcePages } from '../../shared/generated/resource-pages';
import { dataProvider } from '../api/data-provider';
import { useLoad } from '../hooks/use-load';

/** The folders' pages and account-menu lists, loaded once per page life; `failed` offers a retry. */
export function useResourcePages(): { pages: ResourcePages | undefined; failed: boolean; retry: () => void } {
  const { value, failed, retry } = useLoad(() => dataProvider.getPages(), 'pages');
  return { pages: value, failed, retry };
}
