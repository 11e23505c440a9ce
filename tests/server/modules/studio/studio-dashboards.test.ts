import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../../src/shared/generated/dashboard';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const UNIT = { kind: 'dashboard', name: 'commission' } as const;
const FILE = 'commission.dashboard.json';

interface UnitBody {
  path: string;
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

/** The dashboard's text with another title and its first widget's list changed by `widget`. */
function edited(text: string, title: string, widget: Record<string, unknown> = {}): string {
  const value = JSON.parse(text) as { title: string; widgets: Record<string, unknown>[] };
  const [first, ...rest] = value.widgets;
  return `${JSON.stringify({ ...value, title, widgets: [{ ...first, ...widget }, ...rest] }, null, 2)}\n`;
}

describe('dashboards in the schema studio (ADR 0037)', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let otherSchemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let other: TestApp;
  let editor: TestUser;
  let admin: TestUser;

  const open = async () => (await call(t, editor, 'GET', `${STUDIO}/unit?kind=dashboard&name=commission`)).json<Envelope<UnitBody>>().data;
  const title = async (app: TestApp) =>
    (await call(app, admin, 'GET', '/api/dashboards/commission')).json<Envelope<Dashboard>>().data.title;

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    otherSchemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t, schemaSyncMs: 0 });
    editor = await createLoggedInUser(t, 'editor', 'editor');
    admin = await createLoggedInUser(t, 'admin', 'admin');
  });

  afterAll(async () => {
    await other.close();
    await t.close();
    await schemas.cleanup();
    await otherSchemas.cleanup();
  });

  it('lists each dashboard file as a unit and opens it', async () => {
    const list = (await call(t, editor, 'GET', `${STUDIO}/units`)).json<
      Envelope<{ kind: string; name: string; path: string; title: string }[]>
    >().data;
    expect(list.filter((unit) => unit.kind === 'dashboard')).toEqual([
      expect.objectContaining({ name: 'commission', path: 'dashboards/commission.dashboard.json', title: '科委业务看板' }),
      expect.objectContaining({ name: 'unit', path: 'dashboards/unit.dashboard.json', title: '本单位看板' }),
    ]);
    const unit = await open();
    expect(unit).toMatchObject({ path: 'dashboards/commission.dashboard.json', live: true });
    expect(unit.files[FILE]).toBe(await readFile(join(schemas.dir, 'dashboards', FILE), 'utf8'));
    expect((await call(t, editor, 'GET', `${STUDIO}/unit?kind=dashboard&name=nothing`)).statusCode).toBe(404);
  });

  it("checks a candidate with schemas:check's words and previews its widgets", async () => {
    const text = (await open()).files[FILE] ?? '';
    const bad = (
      await call(t, editor, 'POST', `${STUDIO}/check`, { ...UNIT, files: { [FILE]: edited(text, '看板', { list: 'nope' }) } })
    ).json<Envelope<{ problems: { file: string; pointer: string; message: string }[] }>>().data;
    expect(bad.problems).toEqual([
      {
        file: 'dashboards/commission.dashboard.json',
        pointer: '/widgets/0/list',
        message: '资源 "application" 没有列表 "nope"（已有：mine、review）',
      },
    ]);
    const good = (await call(t, editor, 'POST', `${STUDIO}/check`, { ...UNIT, files: { [FILE]: edited(text, '新看板') } })).json<
      Envelope<{ problems: unknown[]; preview: { title: string; widgets: { id: string }[] } }>
    >().data;
    expect(good.problems).toEqual([]);
    expect(good.preview.title).toBe('新看板');
    expect(good.preview.widgets[0]).toMatchObject({ id: 'applications-waiting', resource: 'application', list: 'review' });
  });

  it('publishes a dashboard live in every process and rolls it back', async () => {
    const unit = await open();
    const text = edited(unit.files[FILE] ?? '', '科委业务看板（新）');
    const published = await call(t, editor, 'POST', `${STUDIO}/publish`, { ...UNIT, files: { [FILE]: text }, baseVersion: unit.version });
    expect(published.statusCode).toBe(200);
    expect(await title(t)).toBe('科委业务看板（新）');
    expect(await readFile(join(schemas.dir, 'dashboards', FILE), 'utf8')).toBe(text);
    expect(await title(other)).toBe('科委业务看板');
    expect(await other.app.schemaSync.poll()).toBe(1);
    expect(await title(other)).toBe('科委业务看板（新）');

    const versions = (await call(t, editor, 'GET', `${STUDIO}/versions?kind=dashboard&name=commission`)).json<Envelope<PublicationBody[]>>()
      .data;
    const baseline = versions.find((entry) => entry.action === 'baseline');
    const rolledBack = await call(t, editor, 'POST', `${STUDIO}/rollback`, {
      ...UNIT,
      publicationId: baseline?.id,
      baseVersion: (await open()).version,
    });
    expect(rolledBack.statusCode).toBe(200);
    expect(await title(t)).toBe('科委业务看板');
    expect(await other.app.schemaSync.poll()).toBe(1);
    expect(await title(other)).toBe('科委业务看板');
  });
});
