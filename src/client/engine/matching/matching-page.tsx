import type { ResourcePages } from '../../../shared/generated/resource-pages';
import { useLocale } from '../../i18n/locale-store';
import { HubPage } from './hub-page';
import { MatchFormPage } from './match-form-page';
import { MatchResultPage } from './match-result-page';
import type { EnginePageEntry } from '../engine-page-frame';
import { RulePage } from './rule-page';
import { RulesPage } from './rules-page';
import './matching.css';

export { MATCHING_PAGE_KINDS } from './matching-page-kinds';

/**
 * One of a matching folder's pages (resource.json pages: hub, match, matches, rules, rule), public:
 * the rules are records visitors may read and the answers are stored nowhere. The result and rule
 * pages lead back to the folder's full rules page.
 */
export function MatchingPage({ page, pages }: { page: EnginePageEntry; pages: ResourcePages['pages'] }) {
  const english = useLocale() === 'en-US';
  const titleOf = (entry: EnginePageEntry | undefined): string | undefined =>
    entry ? ((english ? entry.titleEn : entry.title) ?? entry.title) : undefined;
  const allRules = pages.find((candidate) => candidate.resource === page.resource && candidate.page === 'rules' && candidate.open !== true);
  const rulesLink = allRules ? { path: allRules.path, title: titleOf(allRules) ?? '' } : undefined;
  const props = { page, resource: page.resource };
  switch (page.page) {
    case 'hub':
      return <HubPage {...props} previewTitle={titleOf(pages.find((candidate) => candidate.path === page.preview))} />;
    case 'match':
      return <MatchFormPage {...props} />;
    case 'matches':
      return <MatchResultPage {...props} rulesLink={rulesLink} />;
    case 'rule':
      return <RulePage {...props} rulesLink={rulesLink} />;
    default:
      return <RulesPage {...props} />;
  }
}
