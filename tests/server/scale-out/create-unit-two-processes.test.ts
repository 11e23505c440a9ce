import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import { openPostgres } from '../../../src/server/db/open-postgres';
import { createSession } from '../../../src/server/services/auth/session-store';
import { createUser } from '../../../src/server/services/users/create-user';
import { makeSchemasDir } from '../helpers/activity-fixtures';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { TEST_CAPTCHA } from '../helpers/test-app';
import { createScratchDatabase, TEST_DATABASE_URL } from '../helpers/test-database';

const SYNC_MS = 1000;
// The poll itself (a query, a compile) and a loaded 2-core machine's scheduling, on top of one interval.
const SLACK_MS = 2000;

interface Answer<T> {
  status: number;
  body: { code: number; msg: string; data: T };
}

async function send<T>(base: string, method: 'GET' | 'POST', path: string, token?: string, payload?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
}

/**
 * ADR 0040 on two server processes on one PostgreSQL, each with its own schemas folder (two machines):
 * an activity created on one is served by the other within one SCHEMA_SYNC_MS, without a restart, and
 * an applicant may start it there.
 */
describe.skipIf(!TEST_DATABASE_URL)('a unit created in the studio, across two server processes', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const schemas: Awaited<ReturnType<typeof makeSchemasDir>>[] = [];
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let direct: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    for (let i = 0; i < 2; i += 1) {
      schemas.push(await makeSchemasDir([{ id: 'tiny-grant' }]));
      dataDirs.push(await mkdtemp(join(tmpdir(), `kc-create-${i}-`)));
    }
    const env = (i: number) => ({
      DATABASE_URL: scratch.url,
      NODE_ENV: 'test',
      CAPTCHA_FIXED: TEST_CAPTCHA,
      SCHEMAS_DIR: schemas[i]?.dir ?? '',
      DATA_DIR: dataDirs[i] ?? '',
      SCHEMA_SYNC_MS: String(SYNC_MS),
    });
    [a, b] = await Promise.all([startServerProcess(env(0)), startServerProcess(env(1))]);
    direct = await openPostgres(scratch.url);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await direct?.close();
    await scratch?.dispose();
    for (const copy of schemas) await copy.cleanup();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('creates an activity on one process; the other serves it within SCHEMA_SYNC_MS, and takes an application', async () => {
    const stamp = Date.now().toString(36);
    const editorId = await createUser(direct.db, {
      username: `maker_${stamp}`,
      password: 'Kc-create-unit-9',
      fullname: '表单设计员',
      role: 'editor',
      orgName: '市科学技术委员会',
    });
    const applicantId = await createUser(direct.db, {
      username: `taker_${stamp}`,
      password: 'Kc-create-unit-9',
      fullname: '申报人',
      role: 'applicant',
      orgName: '双进程科技有限公司',
    });
    // Sessions straight in the database: no login limit to spend.
    const editor = await createSession(direct.db, editorId, new Date());
    const applicant = await createSession(direct.db, applicantId, new Date());
    const id = `cross-${stamp}`;
    expect((await send(b.url, 'GET', `/api/schemas/activities/${id}`)).status).toBe(404);

    const created = await send<{ version: string }>(a.url, 'POST', '/api/studio/create', editor, {
      kind: 'activity',
      name: id,
      title: '跨进程新建的活动',
      from: { template: 'basic-attachments' },
    });
    expect(created.status).toBe(200);
    const answeredAt = performance.now();
    let served: Answer<{ version: string; title: string }> | undefined;
    while (performance.now() - answeredAt < 30_000) {
      served = await send(b.url, 'GET', `/api/schemas/activities/${id}`);
      if (served.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const elapsed = performance.now() - answeredAt;
    console.log(`create on process A → served by process B: ${Math.round(elapsed)} ms (SCHEMA_SYNC_MS ${SYNC_MS})`);
    expect(served?.status).toBe(200);
    expect(served?.body.data).toMatchObject({ version: created.body.data.version, title: '跨进程新建的活动' });
    expect(elapsed).toBeLessThan(SYNC_MS + SLACK_MS);

    const listed = await send<{ id: string }[]>(b.url, 'GET', '/api/schemas/activities');
    expect(listed.body.data.map((entry) => entry.id)).toContain(id);
    const draft = await send<{ version: number }>(b.url, 'POST', '/api/sys/form/data/firstSaveFormData', applicant, { activityId: id });
    expect(draft.status).toBe(200);
    const saved = await send(b.url, 'POST', '/api/sys/form/data/saveOrUpdate', applicant, {
      activityId: id,
      step: 'basic',
      version: draft.body.data.version,
      data: { companyName: '双进程科技有限公司', contactName: '张三', contactMobile: '13800000001' },
    });
    expect(saved.status).toBe(200);
    // The name is taken for the other process too.
    const again = await send(b.url, 'POST', '/api/studio/create', editor, {
      kind: 'activity',
      name: id,
      title: '重名',
      from: { blank: true },
    });
    expect(again.status).toBe(409);
  });
});
