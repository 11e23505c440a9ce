import type { Locale } from '../../../shared/i18n/locale';
import type { ActivityRegistry } from '../../engine/units/activity-registry';
import type { CompiledResource } from '../../engine/units/resource-registry';
import { beijingDate } from '../../../shared/rules/beijing-date';
import type { SearchDocument } from '../../services/search/search-document';

export const ACTIVITY_SOURCE = 'activity';
const ACTIVITY_TITLE: Record<Locale, string> = { 'zh-CN': '申报活动', 'en-US': 'Activities' };

/** A source's name in the caller's language: the folder's title, or the activities'. */
export function sourceTitle(resources: readonly CompiledResource[], source: string, locale: Locale): string {
  if (source === ACTIVITY_SOURCE) return ACTIVITY_TITLE[locale];
  const resource = resources.find((candidate) => candidate.name === source)?.resource;
  if (!resource) return source;
  return (locale === 'en-US' ? resource.locale?.['en-US']?.title : undefined) ?? resource.title;
}

/** The activity folders as documents, the retired ones left out as on /activities (ADR 0040): a hit leads to the activity there. */
export function activityDocuments(activities: ActivityRegistry, stamp: string): SearchDocument[] {
  const listed = activities.list().filter(({ definition: { manifest } }) => manifest.retired !== true);
  return listed.map(({ definition: { manifest } }) => ({
    key: `activity:${manifest.id}`,
    source: ACTIVITY_SOURCE,
    recordId: null,
    version: 1,
    stamp,
    title: manifest.title,
    body: manifest.summary,
    kind: null,
    day: beijingDate(new Date(manifest.window.opensAt)),
    href: `/activities#activity-${manifest.id}`,
  }));
}
