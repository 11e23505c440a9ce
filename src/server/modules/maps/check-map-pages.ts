import { join } from 'node:path';
import { readJsonFile } from '../../lib/read-json-file';
import { RESOURCES_SUBDIR, type CompiledResource } from '../../engine/units/resource-registry';
import type { MapRegistry } from './map-registry';
import { mapPageProblems } from './map-page-problems';

/**
 * The start's check of every folder's map pages (map-page-problems.ts), with the dictionaries read from
 * their files. Stops the start with `file#/pointer: 中文说明`; a publication runs the same rule against
 * the live dictionaries (ADR 0051).
 */
export async function checkMapPages(schemasDir: string, resources: readonly CompiledResource[], maps: MapRegistry): Promise<void> {
  const files = new Map<string, readonly string[] | undefined>();
  for (const resource of resources) {
    for (const page of resource.resource.pages ?? []) {
      const dict = page.page === 'map' && page.field !== undefined ? resource.record.properties?.[page.field]?.['x-dict'] : undefined;
      if (typeof dict !== 'string' || files.has(dict)) continue;
      const file = (await readJsonFile(join(schemasDir, 'dicts', `${dict}.json`), `dicts/${dict}.json`).catch(() => undefined)) as
        { items?: { dictKey: string }[] } | undefined;
      files.set(
        dict,
        file?.items?.map((item) => item.dictKey),
      );
    }
    const [problem] = mapPageProblems(resource, maps, (code) => files.get(code));
    if (problem)
      throw new Error(`资源文件夹 ${RESOURCES_SUBDIR}/${resource.name} 有误：\n${problem.file}#${problem.pointer}: ${problem.message}`);
  }
}
