import { Alert, Button, Card, Col, Input, Pagination, Row, Segmented, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { ArticleResults } from '../../portal/article-results';
import { CatalogNav } from '../../portal/catalog-nav';
import { fetchArticles, fetchCatalogs, fetchPolicies, fetchPolicyMonths, type ArticleQuery } from '../../portal/content-api';
import { portalTextsFor } from '../../portal/portal-texts';
import '../../portal/portal.css';

type Period = 'all' | 'on' | 'end';

/**
 * /home/articles: notices, news, policies and interpretations by catalog (catalog/listTree, article
 * list, listByCatalogId), and for policies by month (countMonthPolicy, getPolicyMonth) and in force or
 * ended (getPolicyOnOrEnd). Everything lives in the address, so a list can be shared and reloaded.
 */
export default function ArticleListPage() {
  const locale = useLocale();
  const texts = portalTextsFor(locale);
  const common = textsFor(locale);
  const [params, setParams] = useSearchParams();
  const catalog = params.get('catalog') ?? undefined;
  const kind = params.get('kind') ?? undefined;
  const period = (params.get('period') ?? 'all') as Period;
  const month = params.get('month') ?? undefined;
  const title = params.get('title') ?? undefined;
  const pageNo = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const catalogs = useLoad(fetchCatalogs, 'catalogs');
  const current = catalogs.value?.find((entry) => entry.name === catalog);
  const isPolicy = kind === 'policy' || current?.kind === 'policy';
  const months = useLoad(() => (isPolicy ? fetchPolicyMonths() : Promise.resolve([])), `months:${isPolicy}`);

  const query: ArticleQuery = {
    pageNo,
    pageSize: DEFAULT_PAGE_SIZE,
    ...(catalog ? { catalogName: catalog } : {}),
    ...(kind && !catalog ? { kind } : {}),
    ...(title ? { title } : {}),
    ...(month ? { publishDate: month } : {}),
    ...(period !== 'all' ? { validUntil: period } : {}),
  };
  const key = JSON.stringify(query);
  const list = useLoad(() => (isPolicy && (period !== 'all' || month) && !catalog ? fetchPolicies(query) : fetchArticles(query)), key);
  const heading =
    current?.name ??
    (kind === 'policy'
      ? texts.policies
      : kind === 'notice'
        ? texts.notices
        : kind === 'news'
          ? texts.news
          : kind === 'interpretation'
            ? texts.interpretations
            : texts.articles);

  useEffect(() => {
    document.title = `${heading} - ${common.portalName}`;
  }, [heading, common]);

  const change = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value === undefined || value === '') merged.delete(name);
      else merged.set(name, value);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };

  return (
    <Row gutter={[16, 16]} className="kc-portal">
      <Col xs={24} md={6}>
        <Card title={<h2 className="kc-portal-block-title">{texts.catalogs}</h2>} size="small">
          {catalogs.failed ? (
            <Alert
              type="error"
              showIcon
              message={texts.blockFailed}
              action={
                <Button size="small" onClick={catalogs.retry}>
                  {texts.retry}
                </Button>
              }
            />
          ) : catalogs.value ? (
            <CatalogNav
              catalogs={catalogs.value}
              current={{ ...(catalog ? { catalog } : {}), ...(kind ? { kind } : {}) }}
              locale={locale}
              allLabel={texts.allCatalogs}
            />
          ) : (
            <Skeleton active title={false} />
          )}
        </Card>
        {isPolicy && (months.value?.length ?? 0) > 0 && (
          <Card title={<h2 className="kc-portal-block-title">{texts.byMonth}</h2>} size="small" style={{ marginTop: 16 }}>
            <ul className="kc-month-list">
              <li>
                <Link to={`?${new URLSearchParams({ ...(kind ? { kind } : {}), ...(catalog ? { catalog } : {}) })}`}>
                  {texts.allMonths}
                </Link>
              </li>
              {months.value?.slice(0, 24).map((entry) => (
                <li key={entry.key}>
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    aria-pressed={month === entry.key}
                    onClick={() => change({ month: entry.key })}
                  >
                    {texts.monthCount(entry.key, entry.count)}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </Col>
      <Col xs={24} md={18}>
        <Card>
          <Typography.Title level={2} style={{ fontSize: 22, marginTop: 0 }}>
            {heading}
            {month ? ` · ${month}` : ''}
          </Typography.Title>
          <Space wrap style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              defaultValue={title}
              placeholder={texts.searchTitle}
              aria-label={texts.searchTitle}
              onSearch={(value) => change({ title: value.trim() || undefined })}
              style={{ width: 260 }}
            />
            {isPolicy && !catalog && (
              <Segmented
                aria-label={texts.policies}
                value={period}
                onChange={(value) => change({ period: value === 'all' ? undefined : String(value) })}
                options={[
                  { value: 'all', label: texts.allPolicies },
                  { value: 'on', label: texts.policiesInForce },
                  { value: 'end', label: texts.policiesEnded },
                ]}
              />
            )}
          </Space>
          <ArticleResults
            load={list}
            texts={texts}
            footer={(page) => (
              <Space style={{ marginTop: 16, justifyContent: 'space-between', width: '100%' }} wrap>
                <span>{texts.total(page.total)}</span>
                <Pagination
                  current={pageNo}
                  pageSize={DEFAULT_PAGE_SIZE}
                  total={page.total}
                  showSizeChanger={false}
                  onChange={(next) => change({ page: String(next) })}
                />
              </Space>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
