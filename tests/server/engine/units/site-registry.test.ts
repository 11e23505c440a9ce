import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadResourceRegistry, type ResourceRegistry } from '../../../../src/server/engine/units/resource-registry';
import { SchemaUnitError } from '../../../../src/server/engine/units/schema-unit-error';
import { loadSiteRegistry } from '../../../../src/server/engine/units/site-registry';
import { scratchSchemas } from '../../helpers/resource-fixtures';

const NO_PAGE = '没有页面 /home/needs：导航只能指向门户已有的页面（客户端的固定页面，或资源文件夹 resource.json pages 中的页面）';

describe('the site registry (the navigation as a studio unit, ADR 0033)', () => {
  let schemas: { dir: string; dispose(): Promise<void> };
  let resources: ResourceRegistry;
  let file: string;
  let shipped: string;
  const load = () => loadSiteRegistry(schemas.dir, () => resources.list());
  const withMenuEntry = (entry: Record<string, unknown>): string => {
    const value = JSON.parse(shipped) as { menu: Record<string, unknown>[] };
    return JSON.stringify({ ...value, menu: [...value.menu, entry] }, null, 2);
  };

  beforeAll(async () => {
    schemas = await scratchSchemas();
    resources = await loadResourceRegistry(schemas.dir);
    file = join(schemas.dir, 'site/navigation.json');
    shipped = await readFile(file, 'utf8');
  });
  afterAll(async () => schemas.dispose());

  it('serves the file, leaving out and naming an entry that leads to a page that is not live', async () => {
    const text = withMenuEntry({ title: '需求地图', path: '/home/needs' });
    await writeFile(file, text);
    const site = await load();
    expect(site.leftOut()).toEqual([`site/navigation.json#/menu/7/path: ${NO_PAGE}`]);
    expect(site.navigation().menu.map((entry) => entry.title)).not.toContain('需求地图');
    expect(site.navigation().menu).toHaveLength(7);
    expect(site.get('navigation')).toBe(site.navigation());
    // The studio opens the file as it is, the entry left out included.
    expect(site.texts('navigation')).toEqual(new Map([['navigation.json', text]]));
    expect(site.skipped()).toEqual([]);
    expect(await site.unitNames()).toEqual(['navigation']);
    expect(site.path('navigation')).toBe('site/navigation.json');
    expect(site.title('navigation')).toBe('站点导航');
  });

  it('refuses a candidate naming a page that is not live, with the words of schemas:check, and installs a good one', async () => {
    await writeFile(file, shipped);
    const site = await load();
    const refused = await site
      .compile('navigation', new Map([['navigation.json', withMenuEntry({ title: '需求地图', path: '/home/needs' })]]))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(SchemaUnitError);
    expect((refused as SchemaUnitError).unit).toEqual({
      path: 'site/navigation.json',
      problems: [{ file: 'site/navigation.json', pointer: '/menu/7/path', message: NO_PAGE }],
    });
    await expect(site.compile('navigation', new Map([['other.json', shipped]]))).rejects.toThrow(
      '站点导航只有一个文件：site/navigation.json',
    );

    const good = new Map([['navigation.json', withMenuEntry({ title: '全站搜索', path: '/search' })]]);
    expect((await site.compile('navigation', good)).menu.at(-1)).toMatchObject({ title: '全站搜索' });
    // Compiling makes nothing live; installing does.
    expect(site.navigation().menu.map((entry) => entry.title)).not.toContain('全站搜索');
    site.install('navigation', good);
    expect(site.navigation().menu.map((entry) => entry.title)).toContain('全站搜索');
    expect(site.versionOf(site.texts('navigation') ?? new Map())).toBe(site.versionOf(good));
    expect(site.preview(site.navigation(), new Date())).toMatchObject({
      visitor: { menu: expect.arrayContaining([expect.objectContaining({ path: '/search' })]) },
    });
  });

  it('leaves a file of the wrong shape out like a broken folder: the home page alone is served, and a good publication puts it back', async () => {
    await writeFile(file, JSON.stringify({ menu: [] }));
    const site = await load();
    expect(site.skipped()).toHaveLength(1);
    expect(site.skipped()[0]?.path).toBe('site/navigation.json');
    expect(site.skipped()[0]?.problems[0]).toMatchObject({ file: 'site/navigation.json' });
    expect(site.navigation().menu.map((entry) => entry.path)).toEqual(['/home']);
    expect(site.get('navigation')).toBeUndefined();
    expect(site.texts('navigation')).toBeUndefined();
    // The studio opens it from the disk, and lists it.
    expect(await site.read('navigation')).toEqual(new Map([['navigation.json', JSON.stringify({ menu: [] })]]));
    expect(await site.unitNames()).toEqual(['navigation']);
    site.install('navigation', new Map([['navigation.json', shipped]]));
    expect(site.skipped()).toEqual([]);
    expect(site.navigation().menu).toHaveLength(7);

    await writeFile(file, '{ "menu": ');
    expect((await load()).skipped()[0]?.problems[0]?.message).toMatch(/^不是合法的 JSON：/);
  });

  it('writes a publication over the file, leaving nothing half-written beside it', async () => {
    const site = await load();
    const text = withMenuEntry({ title: '全站搜索', path: '/search' });
    await site.write('navigation', new Map([['navigation.json', text]]));
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(await readdir(join(schemas.dir, 'site'))).toEqual(['navigation.json']);
  });

  it('has no unit without a file, and serves the home page alone', async () => {
    await rm(file);
    const site = await load();
    expect(await site.unitNames()).toEqual([]);
    expect(site.navigation().menu.map((entry) => entry.path)).toEqual(['/home']);
    expect(await site.read('navigation')).toBeUndefined();
    await writeFile(file, shipped);
  });
});
