import { Button, Card, Result, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ResourcePages } from '../../../shared/generated/resource-pages';
import { publicFilePath } from '../../../shared/api/endpoints';
import { recordProperty } from '../../../shared/resource/list-fields';
import { resourceDetailHref } from '../../../shared/resource/resource-links';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { registerPageTitle } from '../../hooks/page-title-store';
import { formatDateTime } from '../../i18n/format-date-time';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { PageLinkButton } from '../page-link-button';
import type { DetailLink } from '../schema-detail';
import { useDictionaries } from '../use-dictionaries';
import { useRecordDetail } from '../use-record-detail';
import { resourceTitle, useResourceDefinition, type LoadedDefinition } from '../use-resource-definition';
import { WorkflowStateTag } from '../workflow-state-tag';
import { ArticleBody, isSectionField } from './article-body';
import { publicLayoutTexts } from './public-layout-texts';
import { RelatedRecords } from './related-records';
import { RecordFacts, textOf } from './record-facts';
import { imagesOf } from '../../../shared/resource/record-images';
import './public-layouts.css';

type Article = NonNullable<ResourcePages['pages'][number]['article']>;

function ArticleOf({
  resource,
  id,
  definition,
  article,
  links,
}: {
  resource: string;
  id: string;
  definition: LoadedDefinition;
  article: Article;
  links: readonly DetailLink[] | undefined;
}) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const layoutTexts = publicLayoutTexts(locale);
  const { pathname, search } = useLocation();
  const dictOptions = useDictionaries(definition.record, locale) ?? {};
  const { record, state, load } = useRecordDetail(resource, id);

  // The tab reads the record's own title once it is here (after a reload too), the folder's until then.
  const heading = record ? textOf(record, article.heading) : '';
  useEffect(() => {
    const zh = heading || resourceTitle(definition, 'zh-CN');
    const en = heading || resourceTitle(definition, 'en-US');
    registerPageTitle(pathname + search, { 'zh-CN': zh, 'en-US': en });
    document.title = `${locale === 'en-US' ? en : zh} - ${texts.portalName}`;
  }, [definition, heading, locale, pathname, search, texts]);

  if (state === 'missing') return <Result status="404" title="404" subTitle={texts.recordNotFound} />;
  if (state === 'failed')
    return (
      <Card>
        <LoadFailedAlert onRetry={() => void load()} />
      </Card>
    );
  if (!record)
    return (
      <div className="kc-article">
        <Skeleton active title paragraph={{ rows: 12 }} />
      </div>
    );

  const named = new Set([article.heading, ...(article.facts ?? []), ...(article.image === undefined ? [] : [article.image])]);
  const rest = Object.entries(definition.record.properties ?? {})
    .filter(([field, node]) => !named.has(field) && node['x-component'] !== 'Captcha' && Object.hasOwn(record.data, field))
    .sort(([, a], [, b]) => (a['x-order'] ?? 0) - (b['x-order'] ?? 0));
  const details = rest.filter(([, node]) => !isSectionField(node)).map(([field]) => field);
  const sections = rest.filter(([, node]) => isSectionField(node));
  const images = article.image === undefined ? [] : imagesOf(record.data[article.image]);
  const relatedBy = article.related ? record.data[article.related.by] : undefined;

  return (
    <article className="kc-article">
      <h2 className="kc-article-heading">{heading}</h2>
      {article.backOffice === true && (
        <p className="kc-article-office">
          {layoutTexts.recordState}：<WorkflowStateTag workflow={definition.workflow} state={record.status} locale={locale} />
          {layoutTexts.savedAt}：{formatDateTime(record.updatedAt)}
        </p>
      )}
      <RecordFacts
        fields={[...(article.facts ?? []), ...details]}
        record={record}
        definition={definition}
        dictOptions={dictOptions}
        locale={locale}
      />
      {images.length > 0 && (
        <div className="kc-article-images">
          {images.map((image) => (
            <img
              key={image.id}
              src={publicFilePath(image.id)}
              alt={image.name.replace(/\.[^.]+$/, '')}
              loading="lazy"
              width={640}
              height={360}
            />
          ))}
        </div>
      )}
      <ArticleBody fields={sections} record={record} definition={definition} dictOptions={dictOptions} locale={locale} />
      <Space wrap className="kc-article-actions kc-detail-links">
        {(links ?? []).map((link) => (
          <PageLinkButton key={link.href} link={link} record={record} />
        ))}
        {/* Those who manage the record (who see its history) reach its back-office page from here. */}
        {record.history.length > 0 && (
          <Link to={resourceDetailHref(resource, record.id)}>
            <Button>{texts.view}</Button>
          </Link>
        )}
      </Space>
      {article.related && typeof relatedBy === 'string' && relatedBy !== '' && recordProperty(definition.record, article.related.by) && (
        <RelatedRecords
          resource={resource}
          list={article.related.list}
          by={article.related.by}
          value={relatedBy}
          exclude={record.id}
          titleField={article.heading}
          hrefOf={(other) => `${pathname}?id=${encodeURIComponent(other)}`}
        />
      )}
    </article>
  );
}

/** A detail page whose resource.json page names an article (issue 30): the record as visitors read it. */
export function ArticleDetail({
  resource,
  id,
  article,
  links,
}: {
  resource: string;
  id: string;
  article: Article;
  links: readonly DetailLink[] | undefined;
}) {
  const { definition, failed, retry } = useResourceDefinition(resource);
  if (failed)
    return (
      <Card>
        <LoadFailedAlert onRetry={retry} />
      </Card>
    );
  if (!definition)
    return (
      <div className="kc-article">
        <Skeleton active title paragraph={{ rows: 12 }} />
      </div>
    );
  return <ArticleOf resource={resource} id={id} definition={definition} article={article} links={links} key={id} />;
}
