import { RESOURCE_FILE } from '../../../shared/resource/resource-definition';
import type { CompiledResource } from '../../engine/units/compiled-resource';
import type { UnitProblem } from '../../engine/units/schema-unit-error';
import type { MapRegistry } from './map-registry';

/** A dictionary's keys, or undefined when there is no such dictionary (the folder's own checks name that). */
export type DictionaryKeys = (code: string) => readonly string[] | undefined;

/**
 * A folder's map pages (resource.json pages, page map) against the maps of schemas/maps and the
 * dictionaries: each names a map there, and every district of it is a key of the dictionary its field
 * uses (the folder's own checks have made sure the field is such a field and the list counts by it).
 * One rule for the start (check-map-pages.ts, from the files) and for a publication (ADR 0051, from the
 * live dictionaries), so both refuse with the same words.
 */
export function mapPageProblems(resource: CompiledResource, maps: MapRegistry, dictionaryKeys: DictionaryKeys): UnitProblem[] {
  const file = `resources/${resource.name}/${RESOURCE_FILE}`;
  return (resource.resource.pages ?? []).flatMap((page, index): UnitProblem[] => {
    if (page.page !== 'map' || page.map === undefined || page.field === undefined) return [];
    const pointer = `/pages/${index}/map`;
    const map = maps.get(page.map);
    if (!map) return [{ file, pointer, message: `找不到地图 "${page.map}"（应有 maps/${page.map}.geo.json）` }];
    const dict = resource.record.properties?.[page.field]?.['x-dict'];
    if (typeof dict !== 'string') return [];
    const known = new Set(dictionaryKeys(dict) ?? []);
    const unknown = map.keys.filter((key) => !known.has(key));
    return unknown.length > 0
      ? [{ file, pointer, message: `地图 "${page.map}" 的区划 ${unknown.join('、')} 不是字典 "${dict}" 的取值` }]
      : [];
  });
}
