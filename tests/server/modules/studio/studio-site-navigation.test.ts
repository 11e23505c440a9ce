import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../../src/server/db/schema';
import type { SiteNavigation } from '../../../../src/shared/generated/site-navigation';
import type { NavigationPreview } from '../../../../src/shared/site/navigation-preview';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const UNIT = { kind: 'site', name: 'navigation' } as const;
const FILE = 'navigation.json';

interface UnitBody {
  path: string;
  title: string;
  version: string;
  live: boolean;
  files: Record<string, string>;
}
interface PublicationBody {
  id: number;
  version: string;
  action: string;
  live: boolean;
}

const menuTitles = (navigation: SiteNavigation): string[] => navigation.menu.map((entry) => entry.title);

/** The navigation file's text with one more top-menu entry. */
function withMenuEntry(text: string, entry: Record<string, unknown>): string {
  const value = JSON.parse(text) as { menu: Record<string, unknown>[] };
  return `${JSON.stringify({ ...value, menu: [...value.menu, entry] }, null, 2)}\n`;
}

describe('the site navigation in the schema studio (ADR 0033)', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let otherSchemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let other: TestApp;
  let editor: TestUser;

  const open = async () => (await call(t, editor, 'GET', `${STUDIO}/unit?kind=site&name=navigation`)).json<Envelope<UnitBody>>().data;
  const served = async (app: TestApp) => (await call(app, undefined, 'GET', '/api/site/navigation')).json<Envelope<SiteNavigation>>().data;

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    // The second "process" has its own copy of the files: it learns of a publication from the database alone.
    otherSchemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t, schemaSyncMs: 0 });
    editor = await createLoggedInUser(t, 'editor', 'editor');
  });

  afterAll(async () => {
    await other.close();
    await t.close();
    await schemas.cleanup();
    await otherSchemas.cleanup();
  });

  it('lists the navigation as a unit and opens its file', async () => {
    const list = (await call(t, editor, 'GET', `${STUDIO}/units`)).json<
      Envelope<{ kind: string; name: string; path: string; title: string }[]>
    >().data;
    expect(list.filter((unit) => unit.kind === 'site')).toEqual([
      expect.objectContaining({ kind: 'site', name: 'navigation', path: 'site/navigation.json', title: '站点导航' }),
    ]);
    const unit = await open();
    expect(unit).toMatchObject({ path: 'site/navigation.json', live: true });
    expect(Object.keys(unit.files)).toEqual([FILE]);
    expect(unit.files[FILE]).toBe(await readFile(join(schemas.dir, 'site', FILE), 'utf8'));
    expect((await call(t, editor, 'GET', `${STUDIO}/unit?kind=site&name=footer`)).statusCode).toBe(404);
  });

  it("checks a candidate with the checker's words, and previews it as each audience receives it", async () => {
    const unit = await open();
    const text = unit.files[FILE] ?? '';
    const bad = (
      await call(t, editor, 'POST', `${STUDIO}/check`, {
        ...UNIT,
        files: { [FILE]: withMenuEntry(text, { title: '需求地图', path: '/home/needs' }) },
      })
    ).json<Envelope<{ problems: { file: string; pointer: string; message: string }[] }>>().data;
    expect(bad.problems).toEqual([
      {
        file: 'site/navigation.json',
        pointer: '/menu/7/path',
        message: '没有页面 /home/needs：导航只能指向门户已有的页面（客户端的固定页面，或资源文件夹 resource.json pages 中的页面）',
      },
    ]);
    const candidate = withMenuEntry(text, { title: '表单设计', path: '/content/studio', permission: 'schemaStudio.query' });
    const good = (await call(t, editor, 'POST', `${STUDIO}/check`, { ...UNIT, files: { [FILE]: candidate } })).json<
      Envelope<{ problems: unknown[]; preview: NavigationPreview }>
    >().data;
    expect(good.problems).toEqual([]);
    expect(good.preview.permissions).toContain('schemaStudio.query');
    expect(menuTitles(good.preview.permitted)).toContain('表单设计');
    expect(menuTitles(good.preview.user)).not.toContain('表单设计');
    expect(menuTitles(good.preview.visitor)).toEqual(menuTitles(await served(t)));
    // The navigation keeps no records: there is nothing for a change to break.
    const impact = (await call(t, editor, 'POST', `${STUDIO}/impact`, { ...UNIT, files: { [FILE]: candidate } })).json<
      Envelope<{ checked: number; failing: number }>
    >().data;
    expect(impact).toMatchObject({ checked: 0, failing: 0 });
  });

  it('refuses to publish a candidate naming a page the portal does not have, and nothing live changes', async () => {
    const unit = await open();
    const before = await served(t);
    const response = await call(t, editor, 'POST', `${STUDIO}/publish`, {
      ...UNIT,
      files: { [FILE]: withMenuEntry(unit.files[FILE] ?? '', { title: '需求地图', path: '/home/needs' }) },
      baseVersion: unit.version,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ data: { problems: { pointer: string; message: string }[] } }>().data.problems).toEqual([
      expect.objectContaining({ pointer: '/menu/7/path', message: expect.stringContaining('没有页面 /home/needs') }),
    ]);
    expect(await served(t)).toEqual(before);
    expect((await open()).version).toBe(unit.version);
    expect(await readFile(join(schemas.dir, 'site', FILE), 'utf8')).toBe(unit.files[FILE]);
  });

  it('publishes a changed navigation: served at once here, in the other process after its poll, and written to the file', async () => {
    const unit = await open();
    const text = withMenuEntry(unit.files[FILE] ?? '', { title: '全站搜索', path: '/search', locale: { 'en-US': { title: 'Search' } } });
    const response = await call(t, editor, 'POST', `${STUDIO}/publish`, { ...UNIT, files: { [FILE]: text }, baseVersion: unit.version });
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<PublicationBody>>().data).toMatchObject({ action: 'publish', live: true });

    expect((await served(t)).menu.at(-1)).toEqual({ title: '全站搜索', titleEn: 'Search', path: '/search' });
    expect(await readFile(join(schemas.dir, 'site', FILE), 'utf8')).toBe(text);
    // The other process serves its own files' navigation until it polls.
    expect(menuTitles(await served(other))).not.toContain('全站搜索');
    expect(await other.app.schemaSync.poll()).toBe(1);
    expect(menuTitles(await served(other))).toContain('全站搜索');

    const versions = (await call(t, editor, 'GET', `${STUDIO}/versions?kind=site&name=navigation`)).json<Envelope<PublicationBody[]>>()
      .data;
    expect(versions.map((entry) => [entry.action, entry.live])).toEqual([
      ['publish', true],
      ['baseline', false],
    ]);
    const audit = await t.db.select({ objectId: auditLog.objectId }).from(auditLog).where(eq(auditLog.event, 'SCHEMA_PUBLISHED'));
    expect(audit).toEqual([{ objectId: 'site/navigation' }]);
  });

  it('rolls back to the navigation before, in every process and in the file', async () => {
    const unit = await open();
    const versions = (await call(t, editor, 'GET', `${STUDIO}/versions?kind=site&name=navigation`)).json<Envelope<PublicationBody[]>>()
      .data;
    const baseline = versions.find((entry) => entry.action === 'baseline');
    const response = await call(t, editor, 'POST', `${STUDIO}/rollback`, {
      ...UNIT,
      publicationId: baseline?.id,
      baseVersion: unit.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<PublicationBody>>().data).toMatchObject({ action: 'rollback', version: baseline?.version });

    expect(menuTitles(await served(t))).not.toContain('全站搜索');
    expect(await readFile(join(schemas.dir, 'site', FILE), 'utf8')).toBe(await readFile(join(otherSchemas.dir, 'site', FILE), 'utf8'));
    expect(await other.app.schemaSync.poll()).toBe(1);
    expect(menuTitles(await served(other))).not.toContain('全站搜索');
    expect(await served(other)).toEqual(await served(t));
  });
});
