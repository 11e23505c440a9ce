import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueValueIndexName, uniqueValueIndexValid } from '../../../../src/server/engine/records/unique-value-index';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const BASE = '/api/resources/showcase';
const PHONE = '13912340001';

type Json = Record<string, unknown>;
interface Unit {
  version: string;
  files: Record<string, string>;
}
interface RecordView {
  id: string;
  version: number;
  data: Json;
}
interface Page {
  total: number;
  records: RecordView[];
}
interface Refusal {
  msg: string;
  reason?: string;
  data?: { problems: { file: string; pointer: string; message: string }[] };
  errors?: { path: string; keyword: string; message: string }[];
}

/*
 * ADR 0045: a studio publication adds x-unique to a record field (after checking the stored records, with
 * its index built online), adds x-mask (masking and the unmask route follow the live folder), and adds or
 * removes the captcha field, in the running process and the others, without a restart.
 */
describe('x-unique, x-mask and the captcha published live', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let otherSchemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let other: TestApp;
  let admin: TestUser;
  let editor: TestUser;

  const unit = async (): Promise<Unit> =>
    (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=showcase`)).json<Envelope<Unit>>().data;
  const publish = async (edit: (record: { properties: Record<string, Json>; required?: string[] }) => void) => {
    const current = await unit();
    const record = JSON.parse(current.files['record.schema.json'] ?? '{}') as { properties: Record<string, Json>; required?: string[] };
    edit(record);
    return call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name: 'showcase',
      files: { ...current.files, 'record.schema.json': JSON.stringify(record, null, 2) },
      baseVersion: current.version,
    });
  };
  const publishOk = async (edit: Parameters<typeof publish>[0]): Promise<void> => {
    const published = await publish(edit);
    expect(published.statusCode, published.body).toBe(200);
  };
  const item = (title: string, org = '江城新材料研究院有限公司', extra: Json = {}): Json => ({
    title,
    category: 'achievement',
    org,
    publishDate: '2026-11-20',
    summary: '用于在线发布唯一值和脱敏的测试内容。',
    ...extra,
  });
  /** Created and published by the editor (published records hold their x-unique values). */
  const published = async (data: Json): Promise<RecordView> => {
    const created = await call(t, editor, 'POST', `${BASE}/create`, data);
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<Envelope<RecordView>>().data;
    const done = await call(t, editor, 'POST', `${BASE}/transitions/publish`, { id: record.id, version: record.version });
    expect(done.statusCode, done.body).toBe(200);
    return done.json<Envelope<RecordView>>().data;
  };

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    otherSchemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t });
    admin = await createLoggedInUser(t, 'studioadmin', 'admin');
    editor = await createLoggedInUser(t, 'showeditor', 'editor');
    await published(item('固态电解质材料完成中试'));
    await published(item('高精度光纤陀螺批量生产'));
    await published(item('毫米波雷达芯片流片成功', '江城芯片设计有限公司'));
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await schemas?.cleanup();
    await otherSchemas?.cleanup();
  });

  it('refuses x-unique on a field stored records already repeat, saying how many and how often, never the value', async () => {
    const refused = await publish((record) => {
      record.properties['org'] = { ...record.properties['org'], 'x-unique': true };
    });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<Refusal>();
    expect(body.msg).toBe(
      '字段「单位」已有 2 条已提交的记录与其他记录取值重复（同一取值最多出现 2 次），不能加上 x-unique：请先修改或作废这些记录后再发布',
    );
    expect(body.msg).not.toContain('江城新材料');
    expect(body.data?.problems).toEqual([
      expect.objectContaining({ file: 'resources/showcase/record.schema.json', pointer: '/properties/org/x-unique' }),
    ]);
    expect(t.app.resources.get('showcase')?.uniqueFields).toEqual([]);
    const english = await t.app.inject({
      method: 'POST',
      url: `${STUDIO}/publish`,
      headers: { ...admin.auth, 'accept-language': 'en-US' },
      payload: await (async () => {
        const current = await unit();
        const record = JSON.parse(current.files['record.schema.json'] ?? '{}') as { properties: Record<string, Json> };
        record.properties['org'] = { ...record.properties['org'], 'x-unique': true };
        return {
          kind: 'resource',
          name: 'showcase',
          files: { ...current.files, 'record.schema.json': JSON.stringify(record) },
          baseVersion: current.version,
        };
      })(),
    });
    expect(english.json<Refusal>().msg).toContain('2 submitted records share their value');
  });

  it('makes a field x-unique live: its index is built, and both processes refuse a duplicate with the field error', async () => {
    await publishOk((record) => {
      record.properties['title'] = { ...record.properties['title'], 'x-unique': true };
    });
    expect(await uniqueValueIndexValid(t.app.database, 'title')).toBe(true);
    const refused = await call(t, editor, 'POST', `${BASE}/create`, item('  固态电解质材料完成中试 '));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Refusal>().errors).toEqual([
      expect.objectContaining({ path: 'title', keyword: 'x-unique', message: '该名称已存在' }),
    ]);
    await other.app.schemaSync.poll();
    const onOther = await call(other, editor, 'POST', `${BASE}/create`, item('固态电解质材料完成中试'));
    expect(onOther.statusCode).toBe(400);
    expect(onOther.json<Refusal>().errors?.[0]).toMatchObject({ path: 'title', keyword: 'x-unique' });
    // Removing it is live too (the index stays: it serves any folder's field of that name).
    await publishOk((record) => {
      record.properties['title'] = { ...record.properties['title'], 'x-unique': undefined };
    });
    expect((await call(t, editor, 'POST', `${BASE}/create`, item('固态电解质材料完成中试'))).statusCode).toBe(200);
    expect(uniqueValueIndexName('title')).toMatch(/^records_unique_/);
  });

  it('masks a field it adds in lists and details, and the unmask route answers it to the administrator', async () => {
    await publishOk((record) => {
      record.properties['phone'] = { type: 'string', title: '联系电话', pattern: '^1\\d{10}$', 'x-mask': 'phone', 'x-order': 10 };
    });
    const record = await published(item('钠离子电池储能示范', '江城储能科技有限公司', { phone: PHONE }));
    const list = await call(t, admin, 'POST', `${BASE}/lists/all`, { title: '钠离子' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Envelope<Page>>().data.records[0]?.data['phone']).toBe('139****0001');
    const detail = await call(t, admin, 'GET', `${BASE}/detail?id=${record.id}`);
    expect(detail.json<Envelope<RecordView>>().data.data['phone']).toBe('139****0001');
    const unmasked = await call(t, admin, 'GET', `${BASE}/records/${record.id}/unmasked`);
    expect(unmasked.statusCode, unmasked.body).toBe(200);
    expect(unmasked.json<Envelope<{ fields: Json }>>().data.fields).toEqual({ phone: PHONE });
    // Without showcase.unmask: 403, as on a folder that masked at start-up.
    expect((await call(t, editor, 'GET', `${BASE}/records/${record.id}/unmasked`)).statusCode).toBe(403);
    // The other process masks it and answers the route after its poll.
    await other.app.schemaSync.poll();
    expect((await call(other, admin, 'GET', `${BASE}/detail?id=${record.id}`)).json<Envelope<RecordView>>().data.data['phone']).toBe(
      '139****0001',
    );
    expect((await call(other, admin, 'GET', `${BASE}/records/${record.id}/unmasked`)).statusCode).toBe(200);
  });

  it('refuses removing or changing a mask as a widening, not as a restart', async () => {
    const removed = await publish((record) => {
      record.properties['phone'] = { ...record.properties['phone'], 'x-mask': undefined };
    });
    expect(removed.statusCode).toBe(400);
    const problem = removed.json<Refusal>().data?.problems[0];
    expect(problem).toMatchObject({ pointer: '/properties/phone/x-mask' });
    expect(problem?.message).toContain('只能新增脱敏');
    const changed = await publish((record) => {
      record.properties['phone'] = { ...record.properties['phone'], 'x-mask': 'idNumber' };
    });
    expect(changed.json<Refusal>().data?.problems[0]?.message).toContain('从 "phone" 改为 "idNumber"');
  });

  it('asks for a captcha once one is added, and stops asking once it is removed', async () => {
    expect((await call(t, editor, 'GET', `${BASE}/captcha`)).statusCode).toBe(404);
    await publishOk((record) => {
      record.properties['captcha'] = { type: 'string', title: '验证码', 'x-component': 'Captcha', 'x-order': 20 };
      record.required = [...(record.required ?? []), 'captcha'];
    });
    const without = await call(t, editor, 'POST', `${BASE}/create`, item('石墨烯导热膜量产'));
    expect(without.statusCode).toBe(400);
    expect(without.json<Refusal>().errors?.map((error) => error.path)).toContain('captcha');
    expect((await call(t, undefined, 'GET', `${BASE}/captcha`)).statusCode).toBe(401);
    expect((await call(t, editor, 'GET', `${BASE}/captcha`)).statusCode).toBe(200);
    const wrong = await call(t, editor, 'POST', `${BASE}/create`, item('石墨烯导热膜量产', undefined, { captcha: 'nope' }));
    expect(wrong.json<Refusal>().errors).toEqual([expect.objectContaining({ path: 'captcha', keyword: 'captcha' })]);
    expect((await call(t, editor, 'GET', `${BASE}/captcha`)).statusCode).toBe(200);
    const answered = await call(t, editor, 'POST', `${BASE}/create`, item('石墨烯导热膜量产', undefined, { captcha: TEST_CAPTCHA }));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<Envelope<RecordView>>().data.data).not.toHaveProperty('captcha');
    await other.app.schemaSync.poll();
    expect((await call(other, editor, 'POST', `${BASE}/create`, item('石墨烯导热膜试产'))).statusCode).toBe(400);

    await publishOk((record) => {
      record.properties['captcha'] = undefined as unknown as Json;
      delete record.properties['captcha'];
      record.required = (record.required ?? []).filter((field) => field !== 'captcha');
    });
    expect((await call(t, editor, 'POST', `${BASE}/create`, item('石墨烯导热膜小试'))).statusCode).toBe(200);
    expect((await call(t, editor, 'GET', `${BASE}/captcha`)).statusCode).toBe(404);
  });
});
