import { useEffect, useState } from 'react';
import { useServerClock } from '../activities/use-server-clock';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { ArticleLines } from '../portal/article-lines';
import { BlockTabs } from '../portal/block-tabs';
import { articlesHref } from '../portal/article-links';
import { ContentBlock } from '../portal/content-block';
import { fetchArticles, type Article } from '../portal/content-api';
import { HeadlineCarousel } from '../portal/headline-carousel';
import { fetchOpenActivities, OpenActivityLines } from '../portal/open-activities';
import { portalTextsFor } from '../portal/portal-texts';
import { ServiceEntries } from '../portal/service-entries';
import { fetchSiteNavigation } from '../site/site-navigation-api';
import { useSiteNavigationKey } from '../site/use-site-navigation';
import { HotSearchLinks } from '../search/hot-searches';
import { fetchHotSearches } from '../search/search-api';
import { SearchBox } from '../search/search-box';
import { searchTextsFor } from '../search/search-texts';
import '../portal/portal.css';

/** A headline slide's least height (portal.css .kc-headline-slide): the headlines' skeleton keeps it. */
const HEADLINE_SLIDE_MIN_HEIGHT = 200;

const BLOCK_SIZE = 7;
const HEADLINES = 5;

const latest = (query: Parameters<typeof fetchArticles>[0]) => (): Promise<Article[]> =>
  fetchArticles({ pageNo: 1, pageSize: BLOCK_SIZE, ...query }).then((page) => page.records);

/**
 * /home: what a municipal S&T portal's home shows (issue 12): headlines, the latest notices and
 * policy news by kind, interpretations, the activities open now, the search with its hot searches,
 * and the services. Every block loads on its own with its loading, empty and error state. No form
 * engine here: the page stays light.
 */
export default function HomePage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const portal = portalTextsFor(locale);
  const search = searchTextsFor(locale);
  const { clock, ready } = useServerClock();
  const navigationKey = useSiteNavigationKey();
  const [newsTab, setNewsTab] = useState('notice');
  useEffect(() => {
    document.title = `${texts.homeTitle} - ${texts.portalName}`;
  }, [texts]);

  const kinds = [
    { key: 'notice', label: portal.notices },
    { key: 'policy', label: portal.policies },
    { key: 'news', label: portal.news },
  ];
  return (
    <div className="kc-portal">
      <header className="kc-portal-intro">
        <h2>
          {texts.homeTitle} · {portal.portalHome}
        </h2>
        <p>{portal.homeWelcome}</p>
      </header>
      <ContentBlock
        title={search.hotSearches}
        moreHref="/search"
        loadKey="hot-searches"
        load={fetchHotSearches}
        empty={search.hotSearchesEmpty}
        toolbar={<SearchBox />}
        render={(items) => <HotSearchLinks items={items} label={search.hotSearches} />}
      />
      <ContentBlock
        title={portal.headlines}
        loadKey={`headlines:${locale}`}
        load={() => fetchArticles({ pageNo: 1, pageSize: HEADLINES, headline: true }).then((page) => page.records)}
        render={(articles) => <HeadlineCarousel articles={articles} texts={portal} />}
        minBodyHeight={HEADLINE_SLIDE_MIN_HEIGHT}
      />
      <div className="kc-home-grid">
        <ContentBlock
          title={kinds.find((kind) => kind.key === newsTab)?.label ?? portal.notices}
          moreHref={articlesHref({ kind: newsTab })}
          loadKey={`kind:${newsTab}:${locale}`}
          load={latest({ kind: newsTab })}
          tabs={(panelId) => (
            <BlockTabs tabs={kinds} activeKey={newsTab} onChange={setNewsTab} label={portal.newsKinds} panelId={panelId} />
          )}
          render={(articles) => <ArticleLines articles={articles} />}
        />
        <ContentBlock
          title={portal.interpretations}
          moreHref={articlesHref({ kind: 'interpretation' })}
          loadKey={`interpretation:${locale}`}
          load={latest({ kind: 'interpretation' })}
          render={(articles) => <ArticleLines articles={articles} />}
        />
        <ContentBlock
          title={portal.openActivities}
          moreHref="/activities"
          loadKey={`activities:${ready ? 'server' : 'local'}`}
          load={() => fetchOpenActivities(clock)}
          empty={portal.openActivitiesEmpty}
          render={(activities) => <OpenActivityLines activities={activities} locale={locale} />}
        />
        <ContentBlock
          title={portal.services}
          loadKey={navigationKey}
          load={() => fetchSiteNavigation(navigationKey).then((navigation) => navigation.tiles)}
          render={(tiles) => <ServiceEntries tiles={tiles} label={portal.services} locale={locale} />}
        />
      </div>
    </div>
  );
}
