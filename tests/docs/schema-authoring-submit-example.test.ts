import { readFile, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import type { RecordView } from '../../src/shared/generated/record-view';
import type { ResourcePages } from '../../src/shared/generated/resource-pages';
import { docResourceExample, schemasWith } from '../fixtures/doc-resource-example';
import { call, type Envelope } from '../server/helpers/resource-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../server/helpers/test-app';
import { createLoggedInUser, type TestUser } from '../server/helpers/test-users';

/**
 * docs/schema-authoring.md「表单怎么发送（submitMode）与链接带入表单的值（values）」: the guide's pages, put
 * into its §10.2 example, pass schemas:check, say how the form sends and what 再次报修 carries; each mistake
 * the guide lists prints exactly what it says.
 */
const GUIDE = new URL('../../docs/schema-authoring.md', import.meta.url);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- mutating parsed guide JSON
const RESOURCE = 'resources/equipment-repair/resource.json';

async function guidePart(): Promise<Json> {
  const match = /<!-- resource-submit: (\S+) -->\n```json\n([\s\S]*?)\n```/.exec(await readFile(GUIDE, 'utf8'));
  expect(match?.[1]).toBe(RESOURCE);
  return JSON.parse(match![2]!) as Json;
}

async function exampleWithSubmit(mutate: (files: Map<string, Json>) => void = () => undefined): Promise<string> {
  const files = docResourceExample() as Map<string, Json>;
  Object.assign(files.get(RESOURCE)!, await guidePart());
  mutate(files);
  return schemasWith(REPO_SCHEMAS_DIR, files, 'kechuang-doc-submit-');
}

const REPAIR = '/api/resources/equipment-repair';

describe("the guide's submitMode and link values example", () => {
  let dir: string;
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    dir = await exampleWithSubmit();
    t = await createTestApp({ schemasDir: dir });
    member = await createLoggedInUser(t, 'member');
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('passes schemas:check', async () => {
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([]);
  });

  it('gives the form page draft, and 再次报修 the values it carries, fixed unless it says not', async () => {
    const { pages } = (await call<ResourcePages>(t, undefined, 'GET', '/api/resources/pages')).body.data;
    expect(pages.find((page) => page.path === '/home/repair/apply')?.submitMode).toBe('draft');
    expect(pages.find((page) => page.path === '/home/repair/detail')?.links?.[0]?.values).toEqual([
      { name: 'equipmentName', field: 'equipmentName', fixed: true },
      { name: 'assetNo', field: 'assetNo', fixed: true },
      { name: 'lab', field: 'lab', fixed: false },
    ]);
    // 保存草稿 keeps a draft; 提交审核 is the save and then the owner's submit.
    const saved = await call<RecordView>(t, member, 'POST', `${REPAIR}/create`, {
      equipmentName: '激光共聚焦显微镜',
      assetNo: 'LSM-2021-017',
      lab: '生命科学楼 B305',
      urgency: 'urgent',
      faultDescription: '开机后激光器无输出。',
      contactPhone: '13912345678',
    });
    expect(saved.body.data.status).toBe('draft');
    const sent = await call<RecordView>(t, member, 'POST', `${REPAIR}/transitions/submit`, {
      id: saved.body.data.id,
      version: saved.body.data.version,
    });
    expect((sent.body as Envelope<RecordView>).data.status).toBe('submitted');
  });
});

const detailLink = (files: Map<string, Json>): Json => files.get(RESOURCE)!['pages'][1]['links'][0];

describe("the guide's submitMode and values mistakes are what schemas:check prints", () => {
  it.each([
    ['带入的值不是表单的字段', (f: Map<string, Json>) => void (detailLink(f)['values']['equipment'] = { field: 'equipmentName' })],
    ['同时写 field 和 value', (f: Map<string, Json>) => void (detailLink(f)['values']['lab'] = { field: 'lab', value: '生命科学楼' })],
    ['详情页写了 submitMode', (f: Map<string, Json>) => void (f.get(RESOURCE)!['pages'][1]['submitMode'] = 'submit')],
    [
      '草稿的初始状态不可编辑',
      (f: Map<string, Json>) => void (f.get('resources/equipment-repair/workflow.json')!['states']['draft']['editable'] = false),
    ],
  ])('%s', async (name, mutate) => {
    const broken = await exampleWithSubmit(mutate);
    try {
      const printed = (await checkSchemaTree(broken)).map(formatProblem);
      expect(printed, printed.join('\n')).toHaveLength(1);
      const guide = await readFile(GUIDE, 'utf8');
      const row = guide.split('\n').find((line) => line.startsWith(`| ${name} |`));
      expect(row, `${name}: ${printed[0]}`).toContain(`\`${printed[0]}\``);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
