import { readFile, rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import { smsOutbox, users } from '../../src/server/db/schema';
import type { Notification } from '../../src/shared/generated/notification';
import type { RecordView } from '../../src/shared/generated/record-view';
import { docResourceExample, schemasWith } from '../fixtures/doc-resource-example';
import { call } from '../server/helpers/resource-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../server/helpers/test-app';
import { createLoggedInUser, type TestUser } from '../server/helpers/test-users';

/**
 * docs/schema-authoring.md「流转通知（notify）」: the guide's transitions, put into its §10.2 example,
 * pass schemas:check and tell the manager of a report and the reporter of the decision; each mistake the
 * guide lists prints exactly what it says.
 */
const GUIDE = new URL('../../docs/schema-authoring.md', import.meta.url);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- mutating parsed guide JSON
const WORKFLOW = 'resources/equipment-repair/workflow.json';

async function guideTransitions(): Promise<Json> {
  const match = /<!-- workflow-transitions: (\S+) -->\n```json\n([\s\S]*?)\n```/.exec(await readFile(GUIDE, 'utf8'));
  expect(match?.[1]).toBe(WORKFLOW);
  return JSON.parse(match![2]!) as Json;
}

async function exampleWithNotify(mutate: (files: Map<string, Json>) => void = () => undefined): Promise<string> {
  const files = docResourceExample() as Map<string, Json>;
  Object.assign(files.get(WORKFLOW)!['transitions'], await guideTransitions());
  mutate(files);
  return schemasWith(REPO_SCHEMAS_DIR, files, 'kechuang-doc-notify-');
}

const REPAIR = '/api/resources/equipment-repair';
const report = {
  equipmentName: '激光共聚焦显微镜',
  assetNo: 'LSM-2021-017',
  lab: '生命科学楼 B305',
  urgency: 'urgent',
  faultDescription: '开机后激光器无输出。',
  contactPhone: '13912345678',
};

describe("the guide's notify example", () => {
  let dir: string;
  let t: TestApp;
  let member: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    dir = await exampleWithNotify();
    t = await createTestApp({ schemasDir: dir });
    member = await createLoggedInUser(t, 'member');
    manager = await createLoggedInUser(t, 'manager', 'reviewer');
    await t.db.update(users).set({ phone: '13912340000' }).where(eq(users.id, member.id));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('passes schemas:check', async () => {
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([]);
  });

  it('tells the manager of the report and the reporter of its acceptance, in the message centre and by SMS', async () => {
    let record = (await call<RecordView>(t, member, 'POST', `${REPAIR}/create`, report)).body.data;
    record = (await call<RecordView>(t, member, 'POST', `${REPAIR}/transitions/submit`, { id: record.id, version: record.version })).body
      .data;
    const queue = (await call<{ records: Notification[] }>(t, manager, 'POST', '/api/notifications/list', {})).body.data.records;
    expect(queue[0]).toMatchObject({ title: '科研设备报修·提交', body: '生命科学楼 B305的激光共聚焦显微镜报修待受理' });
    await call(t, manager, 'POST', `${REPAIR}/transitions/accept`, { id: record.id, version: record.version, note: '周三上门检修' });
    const mine = (await call<{ records: Notification[] }>(t, member, 'POST', '/api/notifications/list', {})).body.data.records;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: '科研设备报修·受理',
      titleEn: 'Research equipment repair · Accept',
      body: '您报修的激光共聚焦显微镜（LSM-2021-017）已受理。周三上门检修',
      bodyEn: 'Your repair request for the 激光共聚焦显微镜 (LSM-2021-017) is accepted. 周三上门检修',
      href: `/resources/equipment-repair/detail?id=${record.id}`,
    });
    const sms = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13912340000'));
    expect(sms.map((row) => row.text)).toEqual([mine[0]?.body]);
  });
});

const accept = (files: Map<string, Json>): Json => files.get(WORKFLOW)!['transitions']['accept']['notify'][0];

describe("the guide's notify mistakes are what schemas:check prints", () => {
  it.each([
    ['占位符不是记录的字段', (f: Map<string, Json>) => void (accept(f)['message'] = '「{title}」已受理')],
    [
      '把个人号码写进消息',
      (f: Map<string, Json>) => {
        f.get('resources/equipment-repair/record.schema.json')!['properties']['contactPhone']['x-mask'] = 'phone';
        accept(f)['messageEn'] = 'Call {contactPhone}';
      },
    ],
    ['通知个人记录的单位管理员', (f: Map<string, Json>) => void (accept(f)['to'] = 'orgAdmin')],
    ['到达的状态没有人审核', (f: Map<string, Json>) => void (accept(f)['to'] = 'reviewers')],
    ['不认识的发送渠道', (f: Map<string, Json>) => void (accept(f)['channels'] = ['wechat'])],
  ])('%s', async (name, mutate) => {
    const broken = await exampleWithNotify(mutate);
    try {
      const printed = (await checkSchemaTree(broken)).map(formatProblem);
      expect(printed).toHaveLength(1);
      const guide = await readFile(GUIDE, 'utf8');
      const row = guide.split('\n').find((line) => line.startsWith(`| ${name} |`));
      expect(row, name).toContain(`\`${printed[0]}\``);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
