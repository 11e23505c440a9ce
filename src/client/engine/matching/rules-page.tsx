import { Empty, Input, Pagination } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { Loaded } from './loaded';
import { fetchRules } from './matching-api';
import { EnginePageFrame, type EnginePageEntry } from '../engine-page-frame';
import { matchingTextsFor } from './matching-texts';
import { RuleCard } from './rule-card';

const PAGE_SIZE = 10;

/** A rules page (page rules): every public rule, or only those still open, filtered by title and paged in the address. */
export function RulesPage({ page, resource }: { page: EnginePageEntry; resource: string }) {
  const locale = useLocale();
  const texts = matchingTextsFor(locale);
  const [params, setParams] = useSearchParams();
  const filter = params.get('title') ?? '';
  const pageNo = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const rules = useLoad(() => fetchRules(resource), `rules|${resource}|${locale}`);

  const go = (next: { title?: string; page?: number }): void => {
    const query = new URLSearchParams();
    const nextTitle = next.title ?? filter;
    if (nextTitle) query.set('title', nextTitle);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query, { replace: true });
  };

  return (
    <EnginePageFrame page={page}>
      <Input.Search
        allowClear
        aria-label={texts.filterTitle}
        placeholder={texts.filterTitle}
        defaultValue={filter}
        onSearch={(value) => go({ title: value, page: 1 })}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      <Loaded load={rules} texts={texts} rows={8}>
        {(value) => {
          const shown = value.filter((rule) => (page.open !== true || rule.open) && rule.title.includes(filter.trim()));
          if (shown.length === 0) return <Empty description={texts.empty} />;
          return (
            <>
              <div className="kc-rule-list">
                {shown.slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE).map((rule) => (
                  <RuleCard key={rule.id} rule={rule} texts={texts} detail={page.detail} />
                ))}
              </div>
              <Pagination
                style={{ marginTop: 16 }}
                current={pageNo}
                pageSize={PAGE_SIZE}
                total={shown.length}
                showSizeChanger={false}
                onChange={(next) => go({ page: next })}
              />
            </>
          );
        }}
      </Loaded>
    </EnginePageFrame>
  );
}
