import { Alert, Button, Card, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { RecordView } from '../../../shared/generated/record-view';
import { dataProvider } from '../../api/data-provider';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { useToken } from '../../session/session-store';
import { ArticleResults } from '../../portal/article-results';
import { fetchRecommended } from '../../portal/content-api';
import { portalTextsFor } from '../../portal/portal-texts';
import { useDictLabels } from '../../portal/use-dict-labels';
import '../../portal/portal.css';

const PAGE = 20;

/** The caller's chosen topics (resources/interest), or none for a visitor or a failed load. */
async function myTopics(loggedIn: boolean): Promise<string[]> {
  if (!loggedIn) return [];
  const page = await dataProvider.getList('interest', 'mine', { pageNo: 1, pageSize: 1 }).catch(() => undefined);
  const record: RecordView | undefined = page?.records[0];
  const tags = record?.data['tags'];
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

/**
 * /home/recominform: news and policies for the user's topics (article/queryArticleByUserTag), chosen
 * in the account settings; the newest items for a visitor or a user who chose none.
 */
export default function RecommendPage() {
  const locale = useLocale();
  const texts = portalTextsFor(locale);
  const common = textsFor(locale);
  const loggedIn = useToken() !== null;
  const tagLabel = useDictLabels('article_tag', locale);
  const topics = useLoad(() => myTopics(loggedIn), `topics:${loggedIn}`);
  const list = useLoad(() => fetchRecommended({ pageNo: 1, pageSize: PAGE }), `recommended:${loggedIn}:${(topics.value ?? []).join(',')}`);

  useEffect(() => {
    document.title = `${texts.recommendTitle} - ${common.portalName}`;
  }, [texts, common]);

  let hint: string = texts.recommendVisitor;
  if (loggedIn)
    hint = (topics.value?.length ?? 0) > 0 ? texts.recommendByTags((topics.value ?? []).map(tagLabel).join('、')) : texts.recommendDefault;
  return (
    <Card className="kc-portal">
      <Typography.Title level={2} style={{ fontSize: 22, marginTop: 0 }}>
        {texts.recommendTitle}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={hint}
        action={
          <Link to={loggedIn ? '/account/settings' : '/user/login?redirect=%2Faccount%2Fsettings'}>
            <Button size="small">{texts.chooseTopics}</Button>
          </Link>
        }
      />
      <ArticleResults load={list} texts={texts} extra={(article) => <span>{article.tags.map(tagLabel).join('、')}</span>} />
    </Card>
  );
}
