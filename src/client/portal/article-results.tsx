import { Alert, Button, Empty, List, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '../../shared/api/envelope';
import type { Article } from './content-api';
import { articleHref } from './article-links';
import { PolicyStateTag } from './policy-state-tag';
import type { PortalTexts } from './portal-texts';

interface ArticleResultsProps {
  /** A useLoad of the page: undefined while it loads. */
  load: { value: Page<Article> | undefined; failed: boolean; retry: () => void };
  texts: PortalTexts;
  /** More about each article (its tags on the recommendations). */
  extra?: (article: Article) => ReactNode;
  /** Below the items (the paging). */
  footer?: (page: Page<Article>) => ReactNode;
}

/** A page of articles with its loading, failed and empty states: title, summary, catalog, issuer, number, date and, for a policy, in force or ended. */
export function ArticleResults({ load, texts, extra, footer }: ArticleResultsProps) {
  if (load.failed)
    return (
      <Alert
        type="error"
        showIcon
        message={texts.blockFailed}
        action={
          <Button size="small" onClick={load.retry}>
            {texts.retry}
          </Button>
        }
      />
    );
  if (!load.value) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (load.value.records.length === 0) return <Empty description={texts.blockEmpty} />;
  return (
    <>
      <List
        itemLayout="vertical"
        dataSource={load.value.records}
        renderItem={(article) => (
          <List.Item key={article.id} className="kc-article-item">
            <h3>
              <Link to={articleHref(article.id)}>{article.title}</Link>
            </h3>
            {article.summary && <p>{article.summary}</p>}
            <Space wrap size={[16, 4]} className="kc-article-meta" style={{ marginBottom: 0 }}>
              <span>{article.catalogName}</span>
              <span>{article.source}</span>
              {article.docNumber && <span>{article.docNumber}</span>}
              <time dateTime={article.publishDate}>{article.publishDate}</time>
              {article.kind === 'policy' && <PolicyStateTag validUntil={article.validUntil} texts={texts} />}
              {extra?.(article)}
            </Space>
          </List.Item>
        )}
      />
      {footer?.(load.value)}
    </>
  );
}
