import { Empty, Skeleton, Spin } from 'antd';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { Page } from '../../../shared/api/envelope';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { RecordView } from '../../../shared/generated/record-view';
import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import { listFilters } from '../../../shared/resource/list-fields';
import { fillRowHref, resourceDetailHref } from '../../../shared/resource/resource-links';
import { dataProvider } from '../../api/data-provider';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { registerPageTitle } from '../../hooks/page-title-store';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { useDictionaries } from '../use-dictionaries';
import { listTitle, type LoadedDefinition } from '../use-resource-definition';
import { AgendaLayout } from './agenda-layout';
import { CardsLayout } from './cards-layout';
import { CarouselLayout } from './carousel-layout';
import type { LayoutItemsProps } from './layout-item-props';
import { ListFacets } from './list-facets';
import { publicListRequest } from '../../../shared/resource/list-query';
import { pageNoOf, withFilter } from './list-query';
import { MediaLayout } from './media-layout';
import { PublicListPages } from './public-list-pages';
import { publicLayoutTexts } from './public-layout-texts';
import './public-layouts.css';

type Layout = NonNullable<ResourceListFile['layout']>;

const LAYOUTS: Record<Layout['kind'], (props: LayoutItemsProps) => JSX.Element | null> = {
  cards: CardsLayout,
  media: MediaLayout,
  agenda: AgendaLayout,
  carousel: CarouselLayout,
};

/**
 * A list for visitors in the presentation its list file names (layout: cards, media, agenda, carousel):
 * a search bar and facets over it, its query (filters and page) kept in the address so that a record's
 * detail and the browser's back come back to the same page, and loading, empty and failed states.
 */
export function PublicList({
  resource,
  listName,
  list,
  layout,
  definition,
  pageTitle,
}: {
  resource: string;
  listName: string;
  list: ResourceListFile;
  layout: Layout;
  definition: LoadedDefinition;
  pageTitle: Readonly<Record<'zh-CN' | 'en-US', string>> | undefined;
}) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const layoutTexts = publicLayoutTexts(locale);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const dictOptions = useDictionaries(definition.record, locale) ?? {};
  const filters = useMemo(() => listFilters(list, definition.record, definition.workflow, locale), [list, definition, locale]);
  const pageSize = list.pageSize ?? DEFAULT_PAGE_SIZE;
  const pageNo = pageNoOf(params);
  // The same request the server sends the first page of with the page (ADR 0059).
  const query = JSON.stringify(publicListRequest(params, filters, pageSize));
  const [page, setPage] = useState<Page<RecordView>>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // The query whose page is on screen: until it is the address's, the list is busy (aria-busy).
  const [shown, setShown] = useState<string>();
  const latest = useRef(0);

  const load = useCallback(async (): Promise<void> => {
    const current = ++latest.current;
    setLoading(true);
    try {
      const answer = await dataProvider.getList(resource, listName, JSON.parse(query) as Record<string, unknown>);
      if (current !== latest.current) return;
      // A transition, so that drawing a page of cards yields to the browser between them rather than
      // holding a phone's main thread for 200-300 ms (issue 33's TBT); aria-busy holds until it is drawn.
      startTransition(() => {
        setPage(answer);
        setShown(query);
        setFailed(false);
        setLoading(false);
      });
    } catch {
      if (current === latest.current) {
        setFailed(true);
        setLoading(false);
      }
    }
  }, [resource, listName, query]);
  useEffect(() => {
    void load();
  }, [load]);

  const titleIn = (target: 'zh-CN' | 'en-US'): string => pageTitle?.[target] ?? listTitle(list, target);
  const title = titleIn(locale);
  useEffect(() => {
    registerPageTitle(pathname, { 'zh-CN': titleIn('zh-CN'), 'en-US': titleIn('en-US') });
    document.title = `${title} - ${texts.portalName}`;
    // titleIn reads only list and pageTitle.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [list, pathname, title, texts, pageTitle]);

  const hrefOf = (record: RecordView): string =>
    list.links?.detail ? fillRowHref(list.links.detail.href, record) : resourceDetailHref(resource, record.id);
  const Items = LAYOUTS[layout.kind];
  const emptyText = (locale === 'en-US' ? list.locale?.['en-US']?.emptyText : list.emptyText) ?? texts.noRecords;

  return (
    <div
      className={`kc-public-list kc-public-${layout.kind} kc-list-${resource}-${listName}`}
      aria-busy={loading || (shown !== query && !failed)}
    >
      <h2 className="kc-public-list-title">{title}</h2>
      <ListFacets
        filters={filters}
        params={params}
        dictOptions={dictOptions}
        workflow={definition.workflow}
        locale={locale}
        onChange={(field, value) => setParams(withFilter(params, field, value))}
      />
      {failed && <LoadFailedAlert onRetry={() => void load()} />}
      {!page && !failed && <Skeleton active paragraph={{ rows: 8 }} className="kc-public-list-skeleton" />}
      {page && (
        <Spin spinning={loading}>
          <p className="kc-public-list-total" aria-live="polite">
            {layoutTexts.total(page.total)}
          </p>
          {page.records.length === 0 ? (
            <Empty description={emptyText} />
          ) : (
            <Items
              records={page.records}
              layout={layout}
              definition={definition}
              dictOptions={dictOptions}
              locale={locale}
              hrefOf={hrefOf}
            />
          )}
          {page.total > pageSize && (
            <PublicListPages
              pageNo={pageNo}
              pageSize={pageSize}
              total={page.total}
              onChange={(next) => {
                const nextParams = new URLSearchParams(params);
                if (next === 1) nextParams.delete('pageNo');
                else nextParams.set('pageNo', String(next));
                setParams(nextParams);
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </Spin>
      )}
    </div>
  );
}
