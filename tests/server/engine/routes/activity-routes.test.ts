import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

interface Summary {
  id: string;
  title: string;
  window: { opensAt: string; closesAt: string };
  state: string;
  steps: { key: string; title: string; route?: string }[];
  locale?: { 'en-US'?: { title?: string } };
}

describe('GET /api/schemas/activities[/:id] (the repository’s activities)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('lists every activity folder, newest window first, to anyone', async () => {
    const response = await call(t, undefined, 'GET', '/api/schemas/activities');
    expect(response.statusCode).toBe(200);
    const list = response.json<Envelope<Summary[]>>().data;
    expect(list.map((activity) => activity.id)).toEqual(['hightech-cultivation', 'innovation-competition']);
    const hightech = list[0];
    expect(hightech?.steps.map((step) => step.key)).toEqual(['company', 'industry', 'projects', 'team', 'development', 'attachments']);
    expect(hightech?.steps[0]).toMatchObject({ key: 'company', title: '企业基本信息', route: 'companyInfo' });
    expect(['notOpen', 'open', 'closed']).toContain(hightech?.state);
    expect(hightech?.locale?.['en-US']?.title).toBeTruthy();
    expect(hightech).not.toHaveProperty('version');
  });

  it('answers one activity with its step schemas, and 404 for an unknown or malformed id', async () => {
    const response = await call(t, undefined, 'GET', '/api/schemas/activities/innovation-competition');
    expect(response.statusCode).toBe(200);
    const detail =
      response.json<
        Envelope<{ id: string; version: string; steps: { key: string; resource?: string; schema: { $id?: string; type?: string } }[] }>
      >().data;
    expect(detail.version).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.steps.map((step) => step.key)).toEqual(['project', 'team', 'attachments']);
    expect(detail.steps[0]?.schema.$id).toBe('https://schemas.kechuang.local/activities/innovation-competition/project.schema.json');
    expect((await call(t, undefined, 'GET', '/api/schemas/activities/no-such-activity')).statusCode).toBe(404);
    expect((await call(t, undefined, 'GET', '/api/schemas/activities/..%2Fforms')).statusCode).toBe(400);
  });

  it('moves the window state with the server clock', async () => {
    const state = async () =>
      (await call(t, undefined, 'GET', '/api/schemas/activities/innovation-competition')).json<
        Envelope<{ state: string; window: { closesAt: string } }>
      >().data;
    const { window } = await state();
    t.clock.advance(Date.parse(window.closesAt) - t.clock.now().getTime() + 1000);
    expect((await state()).state).toBe('closed');
  });
});
