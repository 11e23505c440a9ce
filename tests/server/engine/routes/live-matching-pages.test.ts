import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';

type Json = Record<string, unknown>;
interface Unit {
  version: string;
  files: Record<string, string>;
}
interface Problem {
  file: string;
  pointer: string;
  message: string;
}

/*
 * ADR 0051: resource.json `matching`, map pages, an alias pointed at another action, and a record type
 * created with matching, are published without a restart.
 */
describe('matching, map pages and repointed aliases published live', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let admin: TestUser;

  const unit = async (name: string): Promise<Unit> =>
    (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=${name}`)).json<Envelope<Unit>>().data;
  const edited = (files: Record<string, string>, edit: (resource: Json) => Json): Record<string, string> => ({
    ...files,
    'resource.json': JSON.stringify(edit(JSON.parse(files['resource.json'] ?? '{}') as Json), null, 2),
  });
  const publish = async (name: string, edit: (resource: Json) => Json) => {
    const current = await unit(name);
    return call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name,
      files: edited(current.files, edit),
      baseVersion: current.version,
    });
  };
  const publishOk = async (name: string, edit: (resource: Json) => Json): Promise<void> => {
    const published = await publish(name, edit);
    expect(published.statusCode, published.body).toBe(200);
  };
  const problems = async (name: string, edit: (resource: Json) => Json): Promise<Problem[]> => {
    const current = await unit(name);
    return (await call(t, admin, 'POST', `${STUDIO}/check`, { kind: 'resource', name, files: edited(current.files, edit) })).json<
      Envelope<{ problems: Problem[] }>
    >().data.problems;
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    admin = await createLoggedInUser(t, 'matchadmin', 'admin');
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await schemas.cleanup();
  });

  it('creates a record type with matching, answers its calls at once, 404s once matching is removed, and serves it again put back', async () => {
    const created = await call(t, admin, 'POST', `${STUDIO}/create`, {
      kind: 'resource',
      name: 'rule-copy',
      title: '规则副本',
      from: { copy: 'policy-rule' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const rules = await get('/api/resources/rule-copy/rules');
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json<Envelope<unknown[]>>().data).toEqual([]);
    const match = await t.app.inject({ method: 'POST', url: '/api/resources/rule-copy/match', payload: {} });
    // The live questionnaire is the write pipeline's: empty answers are refused field by field, as on policy-rule.
    const startUp = await t.app.inject({ method: 'POST', url: '/api/resources/policy-rule/match', payload: {} });
    expect(match.statusCode, match.body).toBe(startUp.statusCode);
    expect(match.json()).toEqual(startUp.json());

    const matching = JSON.parse((await unit('rule-copy')).files['resource.json'] ?? '{}').matching as Json;
    await publishOk('rule-copy', ({ matching: _gone, ...rest }) => rest);
    expect((await get('/api/resources/rule-copy/rules')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/resources/rule-copy/match', payload: {} })).statusCode).toBe(404);
    // A start-up folder's static matching routes read the live folder too: policy-rule still answers.
    expect((await get('/api/resources/policy-rule/rules')).statusCode).toBe(200);
    await publishOk('rule-copy', (resource) => ({ ...resource, matching }));
    expect((await get('/api/resources/rule-copy/rules')).statusCode).toBe(200);

    // A questionnaire that is no live form is refused with the start's words.
    expect(await problems('rule-copy', (resource) => ({ ...resource, matching: { ...matching, form: 'no-such-form' } }))).toEqual([
      expect.objectContaining({
        pointer: '/matching/form',
        message: '找不到问卷表单 "no-such-form"（应有 forms/no-such-form.schema.json）',
      }),
    ]);
  });

  it('publishes a new map page live and serves it in the pages call; a wrong one is refused with the start-up message', async () => {
    const mapPage = {
      path: '/home/incubation/map2',
      page: 'map',
      list: 'published',
      map: 'jiangcheng',
      field: 'district',
      title: '载体地图二',
    };
    await publishOk('incubator', (resource) => ({ ...resource, pages: [...((resource['pages'] ?? []) as Json[]), mapPage] }));
    const pages = await get('/api/resources/pages');
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.body).toContain('/home/incubation/map2');

    const wrong = await problems('incubator', (resource) => {
      const all = (resource['pages'] ?? []) as Json[];
      return { ...resource, pages: [...all, { ...mapPage, path: '/home/incubation/map3', map: 'atlantis' }] };
    });
    const index = ((JSON.parse((await unit('incubator')).files['resource.json'] ?? '{}') as Json)['pages'] as Json[]).length;
    expect(wrong).toEqual([
      expect.objectContaining({
        file: 'resources/incubator/resource.json',
        pointer: `/pages/${index}/map`,
        message: '找不到地图 "atlantis"（应有 maps/atlantis.geo.json）',
      }),
    ]);
  });

  it('serves a start-up alias pointed at another action live through that action, and back again', async () => {
    const path = '/sys/api/article/getPolicyMonth';
    const before = await get(`/api/${path.slice(1)}`.replace('/api//', '/api/'));
    expect(before.statusCode, before.body).toBe(200);
    const direct = await t.app.inject({ method: 'POST', url: '/api/resources/article/lists/published', payload: {} });
    expect(direct.statusCode, direct.body).toBe(200);
    const repoint = (list: string) => (resource: Json) => ({
      ...resource,
      aliases: ((resource['aliases'] ?? []) as Json[]).map((alias) => (alias['path'] === path ? { ...alias, list } : alias)),
    });
    await publishOk('article', repoint('published'));
    const moved = await get(`/api${path}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual(direct.json());
    await publishOk('article', repoint('policies'));
    expect((await get(`/api${path}`)).json()).toEqual(before.json());
  });
});
