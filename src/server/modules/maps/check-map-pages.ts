import { join } from 'node:path';
import { readJsonFile } from '../../lib/read-json-file';
import { RESOURCE_FILE } from '../../../shared/resource/resource-definition';
import { RESOURCES_SUBDIR, type CompiledResource } from '../../engine/units/resource-registry';
import type { MapRegistry } from './map-registry';

/**
 * A folder's map page (resource.json pages, page map) names a map of schemas/maps whose districts are
 * keys of the dictionary its field uses; the folder's own checks have made sure the field is such a
 * field and the list counts by it. Stops the start with `file#/pointer: 中文说明`.
 */
export async function checkMapPages(schemasDir: string, resources: readonly CompiledResource[], maps: MapRegistry): Promise<void> {
  for (const resource of resources) {
    for (const [index, page] of (resource.resource.pages ?? []).entries()) {
      if (page.page !== 'map' || page.map === undefined || page.field === undefined) continue;
      const at = `${RESOURCES_SUBDIR}/${resource.name}/${RESOURCE_FILE}#/pages/${index}`;
      const map = maps.get(page.map);
      if (!map)
        throw new Error(
          `资源文件夹 ${RESOURCES_SUBDIR}/${resource.name} 有误：\n${at}/map: 找不到地图 "${page.map}"（应有 maps/${page.map}.geo.json）`,
        );
      const dict = resource.record.properties?.[page.field]?.['x-dict'];
      if (typeof dict !== 'string') continue;
      const file = (await readJsonFile(join(schemasDir, 'dicts', `${dict}.json`), `dicts/${dict}.json`).catch(() => undefined)) as
        { items?: { dictKey: string }[] } | undefined;
      const known = new Set((file?.items ?? []).map((item) => item.dictKey));
      const unknown = map.keys.filter((key) => !known.has(key));
      if (unknown.length > 0)
        throw new Error(
          `资源文件夹 ${RESOURCES_SUBDIR}/${resource.name} 有误：\n${at}/map: 地图 "${page.map}" 的区划 ${unknown.join('、')} 不是字典 "${dict}" 的取值`,
        );
    }
  }
}
