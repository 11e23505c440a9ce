import { Alert, Button, Card, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { publicFilePath } from '../../../shared/api/endpoints';
import { SafeHtml } from '../../components/safe-html';
import { registerPageTitle } from '../../hooks/page-title-store';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { articleHref, articlesHref } from '../../portal/article-links';
import { CollectButton } from '../../portal/collect-button';
import { fetchArticle } from '../../portal/content-api';
import { PolicyStateTag } from '../../portal/policy-state-tag';
import { portalTextsFor } from '../../portal/portal-texts';
import { useDictLabels } from '../../portal/use-dict-labels';
import '../../portal/portal.css';

/** /home/articles/detail?id=: one published notice, policy, interpretation or news story, for anyone. */
export default function ArticleDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const locale = useLocale();
  const texts = portalTextsFor(locale);
  const common = textsFor(locale);
  const tagLabel = useDictLabels('article_tag', locale);
  const { value: article, failed, retry } = useLoad(() => fetchArticle(id), id);

  useEffect(() => {
    const title = article?.title ?? texts.articleDetail;
    document.title = `${title} - ${common.portalName}`;
    if (article) registerPageTitle(`/home/articles/detail?id=${id}`, { 'zh-CN': article.title, 'en-US': article.title });
  }, [article, texts, common, id]);

  if (failed) {
    return (
      <Result
        status="404"
        title={texts.notFound}
        extra={
          <Space>
            <Button onClick={retry}>{texts.retry}</Button>
            <Link to={articlesHref({})}>{texts.backToList}</Link>
          </Space>
        }
      />
    );
  }
  if (!article)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  return (
    <div className="kc-portal">
      <Card>
        <Typography.Title level={2} className="kc-article-title" style={{ fontSize: 24 }}>
          {article.title}
        </Typography.Title>
        <div className="kc-article-meta">
          <span>
            {texts.source}：{article.source}
          </span>
          {article.docNumber && (
            <span>
              {texts.docNumber}：{article.docNumber}
            </span>
          )}
          <span>
            {texts.publishDate}：<time dateTime={article.publishDate}>{article.publishDate}</time>
          </span>
          {article.kind === 'policy' && (
            <span>
              {article.validUntil && `${texts.validUntil}：${article.validUntil} `}
              <PolicyStateTag validUntil={article.validUntil} texts={texts} />
            </span>
          )}
          <Link to={articlesHref({ catalog: article.catalogName })}>{article.catalogName}</Link>
        </div>
        {article.summary && <Alert type="info" message={article.summary} style={{ marginBottom: 16 }} />}
        <SafeHtml html={article.body ?? ''} />
        {article.images.map((image) => (
          <figure key={image.id} className="kc-article-figure">
            <img src={publicFilePath(image.id)} alt={image.name.replace(/\.[^.]+$/, '')} loading="lazy" />
          </figure>
        ))}
        <Space wrap style={{ marginTop: 24 }}>
          {article.tags.map((tag) => (
            <Tag key={tag}>{tagLabel(tag)}</Tag>
          ))}
          <CollectButton kind={article.kind === 'policy' ? 'policy' : 'article'} title={article.title} path={articleHref(article.id)} />
        </Space>
      </Card>
    </div>
  );
}
