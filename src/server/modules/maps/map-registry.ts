import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { checkMapFile } from '../../../shared/maps/check-map-file';
import { isMissingDir } from '../../lib/read-schema-folder';
import { readJsonFile } from '../../lib/read-json-file';

export const MAPS_SUBDIR = 'maps';
const MAP_SUFFIX = '.geo.json';

/** A map of schemas/maps: its GeoJSON as the browser receives it, and its districts' keys. */
export interface DistrictMapFile {
  geo: unknown;
  keys: string[];
}

export interface MapRegistry {
  get(name: string): DistrictMapFile | undefined;
}

/**
 * Loads every schemas/maps/<name>.geo.json (a city's district boundaries, shipped with the portal so
 * its maps need no internet). A broken map stops the start with `file#/pointer: 中文说明`, the same
 * report as `npm run schemas:check`.
 */
export async function loadMapRegistry(schemasDir: string): Promise<MapRegistry> {
  const dir = join(schemasDir, MAPS_SUBDIR);
  const maps = new Map<string, DistrictMapFile>();
  if (!(await isMissingDir(dir))) {
    for (const file of (await readdir(dir)).filter((name) => name.endsWith(MAP_SUFFIX)).sort()) {
      const relative = `${MAPS_SUBDIR}/${file}`;
      const geo = await readJsonFile(join(dir, file), relative);
      const problems = checkMapFile(geo);
      if (problems.length > 0)
        throw new Error(
          `地图 ${relative} 有误：\n${problems.map((problem) => `${relative}#${problem.pointer}: ${problem.message}`).join('\n')}`,
        );
      maps.set(file.slice(0, -MAP_SUFFIX.length), {
        geo,
        keys: (geo as { features: { properties: { key: string } }[] }).features.map((feature) => feature.properties.key),
      });
    }
  }
  return { get: (name) => maps.get(name) };
}
