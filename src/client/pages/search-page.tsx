import { Alert, Button, Empty, Segmented, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PublicListPages } from '../engine/layouts/public-list-pages';
import { useLoad } from '../hooks/use-load';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { HighlightedText } from '../search/highlighted-text';
import { HotSearchLinks } from '../search/hot-searches';
import { fetchHotSearches, searchPortal } from '../search/search-api';
import { SearchBox } from '../search/search-box';
import { searchTextsFor } from '../search/search-texts';
import '../search/search.css';
import { SEARCH_PAGE_SIZE as PAGE_SIZE, searchQueryOf } from '../../shared/search/search-query-of';

const ALL = '';

/**
 * /search (spec §2, §6): the portal's search across news, policies, activities and every folder
 * that declares search, with the hits marked, by source, page by page. Everything lives in the
 * address, so a search can be shared, reloaded and gone back to.
 */
export default function SearchPage() {
  const locale = useLocale();
  const texts = searchTextsFor(locale);
  const common = textsFor(locale);
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const source = params.get('source') ?? ALL;
  const pageNo = Math.min(100, Math.max(1, Number(params.get('page') ?? '1') || 1));
  const hot = useLoad(fetchHotSearches, `hot:${locale}`);
  const query = searchQueryOf(params);
  const results = useLoad(() => (query ? searchPortal(query) : Promise.resolve(undefined)), `${keyword}|${source}|${pageNo}|${locale}`);

  useEffect(() => {
    document.title = `${keyword ? `${keyword} - ` : ''}${texts.search} - ${common.portalName}`;
  }, [keyword, texts, common]);

  const go = (next: { keyword?: string; source?: string; page?: number }): void => {
    const query = new URLSearchParams();
    const nextKeyword = next.keyword ?? keyword;
    if (nextKeyword) query.set('keyword', nextKeyword);
    const nextSource = next.source ?? (next.keyword === undefined ? source : ALL);
    if (nextSource) query.set('source', nextSource);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  let body;
  if (!keyword) {
    body = <Empty description={texts.enterKeyword} />;
  } else if (results.failed) {
    body = (
      <Alert
        type="error"
        showIcon
        message={texts.searchFailed}
        action={
          <Button size="small" onClick={results.retry}>
            {texts.retry}
          </Button>
        }
      />
    );
  } else if (results.value === undefined) {
    body = <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />;
  } else if (results.value.total === 0) {
    body = (
      <Empty
        description={
          <>
            <strong>{texts.noResults(keyword)}</strong>
            <br />
            {texts.noResultsHint}
          </>
        }
      />
    );
  } else {
    const page = results.value;
    const sources = [
      { label: `${texts.allSources} (${page.sources.reduce((sum, entry) => sum + entry.count, 0)})`, value: ALL },
      ...page.sources.map((entry) => ({ label: `${entry.title} (${entry.count})`, value: entry.source })),
    ];
    body = (
      <>
        <p className="kc-search-summary" role="status">
          {texts.resultsFor(keyword, page.total)}
        </p>
        {page.sources.length > 1 && (
          <Segmented
            aria-label={texts.sourceFilter}
            options={sources}
            value={source}
            onChange={(value) => go({ source: String(value), page: 1 })}
          />
        )}
        <ol className="kc-search-results">
          {page.records.map((hit) => (
            <li key={hit.key} className="kc-search-result">
              <h3>
                <Link to={hit.href}>
                  <HighlightedText parts={hit.title} />
                </Link>
              </h3>
              {hit.snippet.length > 0 && (
                <p>
                  <HighlightedText parts={hit.snippet} />
                </p>
              )}
              <div className="kc-search-meta">
                <Tag>{hit.sourceTitle}</Tag>
                {hit.kind && <span>{hit.kind}</span>}
                {hit.date && <time dateTime={hit.date}>{hit.date}</time>}
              </div>
            </li>
          ))}
        </ol>
        {/* The public lists' page numbers: antd's Pagination brings its Select, 34 KB on a phone (issue 33). */}
        {page.total > PAGE_SIZE && (
          <PublicListPages
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            total={Math.min(page.total, 100 * PAGE_SIZE)}
            onChange={(next) => go({ page: next })}
          />
        )}
      </>
    );
  }

  return (
    <div className="kc-portal kc-search-page">
      <h2>{texts.searchTitle}</h2>
      <SearchBox initial={keyword} onSearch={(next) => go({ keyword: next, page: 1 })} />
      <section aria-label={texts.hotSearches} className="kc-search-hot">
        {hot.value && hot.value.length > 0 ? (
          <HotSearchLinks items={hot.value} label={texts.hotSearches} />
        ) : (
          hot.value && <p>{texts.hotSearchesEmpty}</p>
        )}
      </section>
      <div className="kc-search-body" aria-busy={Boolean(keyword) && results.value === undefined && !results.failed}>
        {body}
      </div>
    </div>
  );
}
