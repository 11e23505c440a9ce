import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRecord } from '../../../../src/server/engine/records/record-store';
import { requireUniqueFieldsLocked } from '../../../../src/server/engine/write/unique-fields-locked';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

interface Refusal {
  errors?: { path: string; keyword: string; message: string }[];
}

/*
 * ADR 0052: an x-unique field (catalog's name and code) holds under concurrent writes. Both writes pass
 * the look-up before the write; the one that commits second finds the first's row in its own
 * transaction, under the lock on the value, and gets the same 400 field error as a sequential write.
 * PGlite runs one transaction at a time, so the pairs below rarely race there: they fail without the
 * lock on PostgreSQL (TEST_DATABASE_URL, and tests/server/scale-out/unique-race-two-processes.test.ts);
 * the last test checks the second look-up itself on either database.
 */
describe('x-unique under concurrent writes', () => {
  let t: TestApp;
  let editor: TestUser;
  const catalog = (name: string, code: string) => ({ name, code, kind: 'policy', sort: 10 });

  beforeAll(async () => {
    t = await createTestApp();
    editor = await createLoggedInUser(t, 'uniqueeditor', 'editor');
  }, 60_000);
  afterAll(async () => t?.close());

  it('lets exactly one of two simultaneous creates of one value win; the other gets the field error', async () => {
    for (let round = 0; round < 3; round += 1) {
      const code = `race-${round}`;
      const answers = await Promise.all([
        call(t, editor, 'POST', '/api/resources/catalog/create', catalog(`并发栏目甲${round}`, code)),
        call(t, editor, 'POST', '/api/resources/catalog/create', catalog(`并发栏目乙${round}`, ` ${code} `.trim())),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 400]);
      const refused = answers.find((answer) => answer.statusCode === 400);
      expect(refused?.json<Refusal>().errors).toEqual([expect.objectContaining({ path: 'code', keyword: 'x-unique' })]);
    }
  });

  it('refuses the loser with the message a sequential duplicate gets', async () => {
    const [first, second] = await Promise.all([
      call(t, editor, 'POST', '/api/resources/catalog/create', catalog('同名栏目', 'same-a')),
      call(t, editor, 'POST', '/api/resources/catalog/create', catalog('同名栏目', 'same-b')),
    ]);
    const loser = first?.statusCode === 400 ? first : second;
    const later = await call(t, editor, 'POST', '/api/resources/catalog/create', catalog('同名栏目', 'same-c'));
    expect(later.statusCode).toBe(400);
    expect(loser?.statusCode).toBe(400);
    expect(loser?.json<Refusal>().errors).toEqual(later.json<Refusal>().errors);
  });

  it('lets two simultaneous creates of different values both pass', async () => {
    const answers = await Promise.all([
      call(t, editor, 'POST', '/api/resources/catalog/create', catalog('不同栏目一', 'differ-one')),
      call(t, editor, 'POST', '/api/resources/catalog/create', catalog('不同栏目二', 'differ-two')),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
  });

  it('keeps a concurrent update from taking the value another write is creating', async () => {
    const created = await call(t, editor, 'POST', '/api/resources/catalog/create', catalog('待改栏目', 'to-change'));
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<Envelope<{ id: string; version: number }>>().data;
    const answers = await Promise.all([
      call(t, editor, 'POST', '/api/resources/catalog/update', {
        id: record.id,
        version: record.version,
        ...catalog('待改栏目', 'contested'),
      }),
      call(t, editor, 'POST', '/api/resources/catalog/create', catalog('新建栏目', 'contested')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses, inside the transaction, a row whose value another public record holds, spaces trimmed', async () => {
    const created = await call(t, editor, 'POST', '/api/resources/catalog/create', catalog('已占用栏目', 'held-code'));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<Envelope<{ id: string }>>().data.id;
    const row = await findRecord(t.app.database.db, 'catalog', id);
    const resource = t.app.resources.get('catalog');
    if (!row || !resource) throw new Error('catalog record or folder missing');
    const twin = { ...row, id: randomUUID(), data: { ...row.data, name: '另一个栏目', code: ' held-code ' } };
    await expect(t.app.database.db.transaction((tx) => requireUniqueFieldsLocked(tx, resource, twin, 'en-US'))).rejects.toMatchObject({
      statusCode: 400,
      details: { errors: [expect.objectContaining({ path: 'code', keyword: 'x-unique' })] },
    });
    // The record itself, and a draft-like state others do not see, pass.
    await t.app.database.db.transaction((tx) => requireUniqueFieldsLocked(tx, resource, row, 'en-US'));
    await t.app.database.db.transaction((tx) => requireUniqueFieldsLocked(tx, resource, { ...twin, status: 'no-such-state' }, 'en-US'));
  });

  it('refuses submitting a draft whose x-unique value a visible record took meanwhile, and keeps the draft', async () => {
    const schemas = await makeSchemasDir([]);
    const folder = join(schemas.dir, 'resources', 'unique-drafts');
    await mkdir(join(folder, 'lists'), { recursive: true });
    const file = (name: string, body: unknown) => writeFile(join(folder, name), JSON.stringify(body, null, 2));
    await file('resource.json', { name: 'unique-drafts', title: '草稿唯一值', permission: 'uniqueDrafts', owner: 'user' });
    await file('record.schema.json', {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://schemas.kechuang.local/resources/unique-drafts/record.schema.json',
      title: '草稿唯一值',
      type: 'object',
      additionalProperties: false,
      required: ['title'],
      properties: { title: { type: 'string', title: '名称', maxLength: 20, 'x-unique': true } },
    });
    await file('workflow.json', {
      initial: 'draft',
      states: { draft: { title: '草稿', editable: true, private: true }, submitted: { title: '已提交' } },
      transitions: { submit: { title: '提交', from: ['draft'], to: 'submitted', actor: 'owner' } },
    });
    await file('lists/mine.list.json', { title: '我的', scope: 'mine', columns: [{ field: 'title' }] });
    const app = await createTestApp({ schemasDir: schemas.dir });
    try {
      const owner = await createLoggedInUser(app, 'uniquedrafter', 'user');
      const base = '/api/resources/unique-drafts';
      const drafts: { id: string; version: number }[] = [];
      for (let i = 0; i < 2; i += 1) {
        // A private draft holds no value: both are accepted.
        const created = await call(app, owner, 'POST', `${base}/create`, { title: '同一个名称' });
        expect(created.statusCode, created.body).toBe(200);
        const { id, version } = created.json<Envelope<{ id: string; version: number }>>().data;
        drafts.push({ id, version });
      }
      const won = await call(app, owner, 'POST', `${base}/transitions/submit`, drafts[0]);
      expect(won.statusCode, won.body).toBe(200);
      const lost = await call(app, owner, 'POST', `${base}/transitions/submit`, drafts[1]);
      expect(lost.statusCode, lost.body).toBe(400);
      expect(lost.json<Refusal>().errors).toEqual([expect.objectContaining({ path: 'title', keyword: 'x-unique' })]);
      const kept = await call(app, owner, 'GET', `${base}/detail?id=${drafts[1]?.id ?? ''}`);
      expect(kept.json<Envelope<{ status: string }>>().data.status).toBe('draft');
    } finally {
      await app.close();
      await schemas.cleanup();
    }
  });
});
