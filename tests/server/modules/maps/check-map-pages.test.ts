import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMapPages } from '../../../../src/server/modules/maps/check-map-pages';
import { loadMapRegistry } from '../../../../src/server/modules/maps/map-registry';
import { loadResourceRegistry } from '../../../../src/server/engine/units/resource-registry';
import { scratchSchemas } from '../../helpers/resource-fixtures';

/** A map page names a shipped map whose districts are the keys of its field's dictionary; else the portal does not start. */
describe('map pages at start-up', () => {
  it('refuses a map that does not exist, and a map whose districts the dictionary does not know', async () => {
    const schemas = await scratchSchemas();
    try {
      const load = async () =>
        checkMapPages(schemas.dir, (await loadResourceRegistry(schemas.dir)).list(), await loadMapRegistry(schemas.dir));
      await expect(load()).resolves.toBeUndefined();
      const file = join(schemas.dir, 'resources/incubator/resource.json');
      const resource = JSON.parse(await readFile(file, 'utf8')) as { pages: Record<string, unknown>[] };
      const broken = { ...resource, pages: resource.pages.map((page) => (page['page'] === 'map' ? { ...page, map: 'atlantis' } : page)) };
      await writeFile(file, JSON.stringify(broken));
      await expect(load()).rejects.toThrow(
        'resources/incubator/resource.json#/pages/4/map: 找不到地图 "atlantis"（应有 maps/atlantis.geo.json）',
      );
      await writeFile(file, JSON.stringify(resource));
      const mapFile = join(schemas.dir, 'maps/jiangcheng.geo.json');
      const geo = JSON.parse(await readFile(mapFile, 'utf8')) as { features: { properties: { key: string } }[] };
      geo.features[0]!.properties.key = 'hk';
      await writeFile(mapFile, JSON.stringify(geo));
      await expect(load()).rejects.toThrow(
        'resources/incubator/resource.json#/pages/4/map: 地图 "jiangcheng" 的区划 hk 不是字典 "jc_district" 的取值',
      );
    } finally {
      await schemas.dispose();
    }
  });
});
