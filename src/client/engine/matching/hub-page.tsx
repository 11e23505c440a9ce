import { Empty } from 'antd';
import { Link } from 'react-router-dom';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { Loaded } from './loaded';
import { fetchRules } from './matching-api';
import { EnginePageFrame, type EnginePageEntry } from '../engine-page-frame';
import { matchingTextsFor } from './matching-texts';
import { RuleCard } from './rule-card';

const PREVIEW = 4;

/** A hub page (resource.json pages, page hub): its entries, and the first rules of its preview page. */
export function HubPage({ page, resource, previewTitle }: { page: EnginePageEntry; resource: string; previewTitle: string | undefined }) {
  const locale = useLocale();
  const texts = matchingTextsFor(locale);
  const english = locale === 'en-US';
  const rules = useLoad(() => fetchRules(resource), `rules|${resource}|${locale}`);
  const title = (english ? page.titleEn : page.title) ?? '';
  return (
    <EnginePageFrame page={page}>
      <nav className="kc-matching-entries" aria-label={title}>
        {(page.entries ?? []).map((entry) => (
          <Link key={entry.path} to={entry.path} className="kc-matching-entry">
            <strong>{english ? entry.titleEn : entry.title}</strong>
            <span>{english ? entry.textEn : entry.text}</span>
          </Link>
        ))}
      </nav>
      {page.preview && (
        <section aria-labelledby="kc-matching-preview">
          <h3 id="kc-matching-preview">
            {previewTitle} <Link to={page.preview}>{texts.more}</Link>
          </h3>
          <Loaded load={rules} texts={texts}>
            {(value) =>
              value.length === 0 ? (
                <Empty description={texts.empty} />
              ) : (
                <div className="kc-rule-list">
                  {value.slice(0, PREVIEW).map((rule) => (
                    <RuleCard key={rule.id} rule={rule} texts={texts} detail={page.detail} />
                  ))}
                </div>
              )
            }
          </Loaded>
        </section>
      )}
    </EnginePageFrame>
  );
}
