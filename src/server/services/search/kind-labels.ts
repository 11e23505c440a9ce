import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/i18n/locale';
import { findDictItems } from '../dict/dict-store';

/** `source:kind` → the kind's name in the caller's language, for the sources asked about. */
export type KindLabels = (sources: Set<string>, locale: Locale) => Promise<Map<string, string>>;

/**
 * A hit's kind by name: its dictionary's entry when the folder's search kind field names one
 * (x-dict), read when asked so that a renamed entry shows at once.
 */
export function createKindLabels(app: FastifyInstance): KindLabels {
  return async (sources, locale) => {
    const labels = new Map<string, string>();
    // The live folders at each question (a publication may add a search block, ADR 0048).
    for (const resource of app.resources.list()) {
      const field = resource.resource.search?.kind;
      if (field === undefined || !sources.has(resource.name)) continue;
      const dict = (resource.record.properties?.[field] as { 'x-dict'?: unknown } | undefined)?.['x-dict'];
      if (typeof dict !== 'string') continue;
      for (const item of await findDictItems(app.database.db, dict))
        labels.set(`${resource.name}:${item.dictKey}`, (locale === 'en-US' ? item.dictValueEn : undefined) ?? item.dictValue);
    }
    return labels;
  };
}
