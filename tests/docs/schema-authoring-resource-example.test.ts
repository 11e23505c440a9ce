import { readFile, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import type { RecordView } from '../../src/shared/generated/record-view';
import { docResourceExample, RESOURCE_MISTAKES, schemasWith } from '../fixtures/doc-resource-example';
import { SAMPLE_FILES, upload } from '../server/helpers/activity-fixtures';
import { call } from '../server/helpers/resource-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../server/helpers/test-app';
import { createLoggedInUser, type TestUser } from '../server/helpers/test-users';

/**
 * docs/schema-authoring.md §10 as a content administrator would use it: the example folder, copied
 * from the guide into a copy of the schemas, passes schemas:check and, after a (test) start, gives the
 * routes the guide promises; and every common mistake the guide lists prints exactly what it says.
 */
const schemasWithExample = (files: Map<string, unknown>): Promise<string> => schemasWith(REPO_SCHEMAS_DIR, files, 'kechuang-doc-resource-');

const REPAIR = '/api/resources/equipment-repair';
const report = {
  equipmentName: '激光共聚焦显微镜',
  assetNo: 'LSM-2021-007',
  lab: '生命科学楼 B305 细胞成像平台',
  field: '02',
  urgency: 'urgent',
  faultDescription: '开机后激光器无输出，控制软件提示 488nm 通道自检失败。',
  contactPhone: '13912345678',
};

describe("the guide's resource example (docs/schema-authoring.md §10.2)", () => {
  let dir: string;
  let t: TestApp;
  let member: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    const files = docResourceExample();
    expect([...files.keys()].sort()).toEqual([
      'resources/equipment-repair/lists/mine.list.json',
      'resources/equipment-repair/lists/review.list.json',
      'resources/equipment-repair/record.schema.json',
      'resources/equipment-repair/resource.json',
      'resources/equipment-repair/workflow.json',
    ]);
    dir = await schemasWithExample(files);
    t = await createTestApp({ schemasDir: dir });
    member = await createLoggedInUser(t, 'member');
    manager = await createLoggedInUser(t, 'manager', 'reviewer');
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('passes schemas:check as printed', async () => {
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([]);
  });

  it('goes from a new report to accepted, with the 409 and 403 and 404 the guide promises', async () => {
    let record = (await call<RecordView>(t, member, 'POST', '/api/sys/person/repair/create', report)).body.data;
    expect(record).toMatchObject({ status: 'draft', version: 1 });
    const mine = await call<{ total: number }>(t, member, 'POST', '/api/sys/person/repair/queryMyRepairList', {});
    expect(mine.body.data.total).toBe(1);
    expect((await call(t, manager, 'GET', `${REPAIR}/detail?id=${record.id}`)).status).toBe(404);
    record = (await call<RecordView>(t, member, 'POST', `${REPAIR}/transitions/submit`, { id: record.id, version: record.version })).body
      .data;
    expect((await call(t, member, 'POST', `${REPAIR}/lists/review`, {})).status).toBe(403);
    const stale = await call(t, manager, 'POST', `${REPAIR}/transitions/accept`, { id: record.id, version: 1 });
    expect(stale.status).toBe(409);
    const noNote = await call(t, manager, 'POST', `${REPAIR}/transitions/return`, { id: record.id, version: record.version });
    expect(noNote.status).toBe(400);
    const accepted = await call<RecordView>(t, manager, 'POST', `${REPAIR}/transitions/accept`, {
      id: record.id,
      version: record.version,
      note: '已安排工程师周三上门检修',
    });
    expect(accepted.body.data.status).toBe('accepted');
    const detail = await call<{ history: { action: string }[] }>(t, member, 'GET', `/api/sys/person/repair/detail?id=${record.id}`);
    expect(detail.body.data.history.map((entry) => entry.action)).toEqual(['create', 'submit', 'accept']);
  });

  it('keeps a photo of the fault uploaded for the resource, and refuses one that is not the reporter’s', async () => {
    const photo = async (user: TestUser): Promise<{ id: string; name: string; size: number; type: string }> => {
      const response = await upload(
        t,
        user,
        { ownerKind: 'resource', ownerId: 'equipment-repair', field: 'faultPhotos' },
        { filename: '激光器面板.png', content: SAMPLE_FILES.png() },
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { id: string; name: string; size: number; type: string } }>().data;
    };
    const own = await call<RecordView>(t, member, 'POST', `${REPAIR}/create`, {
      ...report,
      assetNo: 'LSM-2021-008',
      faultPhotos: [await photo(member)],
    });
    expect(own.status).toBe(200);
    const foreign = await call(t, member, 'POST', `${REPAIR}/create`, {
      ...report,
      assetNo: 'LSM-2021-009',
      faultPhotos: [await photo(manager)],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0]).toMatchObject({ path: 'faultPhotos.0', keyword: 'attachment' });
  });

  it('refuses a second report of the same asset number once one is submitted (x-unique)', async () => {
    const second = await call(t, member, 'POST', `${REPAIR}/create`, report);
    expect(second.status).toBe(400);
    expect(second.body.errors?.[0]).toMatchObject({ path: 'assetNo', keyword: 'x-unique' });
  });
});

describe("the guide's common resource mistakes (§10.6) are what schemas:check prints", () => {
  it.each(RESOURCE_MISTAKES.map((mistake) => [mistake.name, mistake] as const))('%s', async (_name, mistake) => {
    const files = docResourceExample();
    mistake.apply(files);
    const dir = await schemasWithExample(files);
    try {
      const printed = (await checkSchemaTree(dir)).map(formatProblem);
      expect(printed.length).toBeGreaterThan(0);
      const guide = await readFile(new URL('../../docs/schema-authoring.md', import.meta.url), 'utf8');
      for (const line of printed) expect(guide, line).toContain(`\`${line}\``);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
