import { Alert, Button, Empty, Input, Pagination, Skeleton } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { fetchPolicyResolves } from '../../policy-proxy/policy-proxy-api';
import { policyProxyTextsFor } from '../../policy-proxy/policy-proxy-texts';
import { ResolveCard } from '../../policy-proxy/resolve-card';
import { useProxyTitle } from '../../policy-proxy/use-proxy-title';
import '../../policy-proxy/policy-proxy.css';

const PAGE_SIZE = 10;

/**
 * /home/findproxy/moreList (every policy at a glance) and moreProxy (those still open), filtered by
 * title and paged in the address.
 */
export default function ResolveListPage({ openOnly = false }: { openOnly?: boolean }) {
  const locale = useLocale();
  const texts = policyProxyTextsFor(locale);
  const title = openOnly ? texts.moreProxy : texts.resolves;
  useProxyTitle(title);
  const [params, setParams] = useSearchParams();
  const filter = params.get('title') ?? '';
  const pageNo = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const resolves = useLoad(fetchPolicyResolves, `resolves|${locale}`);

  const go = (next: { title?: string; page?: number }): void => {
    const query = new URLSearchParams();
    const nextTitle = next.title ?? filter;
    if (nextTitle) query.set('title', nextTitle);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query, { replace: true });
  };

  let body;
  if (resolves.failed) body = <Alert type="error" showIcon message={texts.loadFailed} action={<Button size="small" onClick={resolves.retry}>{texts.retry}</Button>} />;
  else if (!resolves.value) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else {
    const shown = resolves.value.filter((resolve) => (!openOnly || resolve.open) && resolve.title.includes(filter.trim()));
    body =
      shown.length === 0 ? (
        <Empty description={texts.empty} />
      ) : (
        <>
          <div className="kc-resolve-list">
            {shown.slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE).map((resolve) => (
              <ResolveCard key={resolve.policyId} resolve={resolve} texts={texts} />
            ))}
          </div>
          <Pagination style={{ marginTop: 16 }} current={pageNo} pageSize={PAGE_SIZE} total={shown.length} showSizeChanger={false} onChange={(page) => go({ page })} />
        </>
      );
  }
  return (
    <div className="kc-portal kc-proxy">
      <h2>{title}</h2>
      {openOnly && <p className="kc-proxy-intro">{texts.moreProxyIntro}</p>}
      <Input.Search allowClear aria-label={texts.filterTitle} placeholder={texts.filterTitle} defaultValue={filter} onSearch={(value) => go({ title: value, page: 1 })} style={{ maxWidth: 420, marginBottom: 16 }} />
      {body}
    </div>
  );
}
