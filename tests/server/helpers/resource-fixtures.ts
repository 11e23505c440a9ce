import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { unifiedSocialCreditCheckChar } from '../../../src/shared/rules/unified-social-credit-code';
import { SAMPLE_FILES, upload, type FileRefBody } from './activity-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, TEST_CAPTCHA, type TestApp } from './test-app';
import { createLoggedInUser, type TestUser } from './test-users';

/** The fixture resource folder: not one of the product's, so the engine is proven on a stranger. */
export const FIXTURE_RESOURCES_DIR = fileURLToPath(new URL('../../fixtures/resources', import.meta.url));
export const LAB = 'lab-booking';
export const UNIT_REPORT = 'unit-report';

/** A copy of the repository's schemas with the fixture resource folders dropped in, as a content administrator would. */
export async function scratchSchemas(): Promise<{ dir: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'kechuang-schemas-'));
  await cp(REPO_SCHEMAS_DIR, dir, { recursive: true });
  await cp(FIXTURE_RESOURCES_DIR, join(dir, 'resources'), { recursive: true });
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** A test app reading the scratch schemas; closing it removes them. */
export async function createResourceTestApp(): Promise<TestApp> {
  const schemas = await scratchSchemas();
  const testApp = await createTestApp({ schemasDir: schemas.dir });
  return {
    ...testApp,
    close: async () => {
      await testApp.close();
      await schemas.dispose();
    },
  };
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  reason?: string;
  errors?: { path: string; keyword: string; message: string }[];
}

export function bookingData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    subject: `质谱分析-${Math.random().toString(36).slice(2, 8)}`,
    instrument: '高分辨质谱仪',
    field: '01',
    hours: 4,
    contactPhone: '13912345678',
    ...overrides,
  };
}

export function unitReportData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    outputTitle: `超快激光精密加工装备-${Math.random().toString(36).slice(2, 8)}`,
    outputType: 'patent',
    year: 2026,
    summary: '面向航空发动机叶片气膜孔的飞秒激光加工方法，已获国家发明专利授权。',
    ...overrides,
  };
}

/** An equity financing application of the product's resource folder (schemas/resources/financing). */
export function financingData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    applyType: 'equity',
    company: '江城量子精密仪器有限公司',
    creditCode: creditCode(),
    round: 'a',
    equityAmount: 2000,
    equityShare: 10,
    valuation: 18000,
    projectIntro: '冷原子干涉重力仪工程样机，测量精度达到微伽级，已完成野外比对试验。',
    useOfFunds: '完成样机定型和小批量试产，建设计量检测实验室。',
    contactName: '何丽',
    contactPhone: '13700002222',
    ...overrides,
  };
}

/** A credit record about a researcher (schemas/resources/credit), with a valid resident identity number. */
export function creditRecordData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    subjectType: 'person',
    subjectName: '王某某',
    idNumber: '110105199003071239',
    creditType: 'fabrication',
    severity: 'serious',
    facts: '在国家自然科学基金项目结题报告中篡改实验数据，经调查核实。',
    basisName: '江科信〔2026〕12号处理决定',
    decisionDate: '2026-03-18',
    validUntil: '2029-03-17',
    responsibleUnit: '江城大学',
    ...overrides,
  };
}

/** A need of the product's resource folder (schemas/resources/need), captcha answered for tests. */
export function needData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    needTitle: `半导体晶圆缺陷检测算法-${Math.random().toString(36).slice(2, 8)}`,
    needType: '1',
    field: '01',
    company: '云帆微电子有限公司',
    budget: 80,
    expectedDate: '2027-06-30',
    contactName: '周敏',
    contactPhone: '13600001111',
    description: '需要对12英寸晶圆表面缺陷进行自动识别与分类，识别准确率不低于98%，可与现有检测设备对接。',
    code: TEST_CAPTCHA,
    ...overrides,
  };
}

/** An event of the events folder (schemas/resources/event): a roadshow in Beijing daytime, with a contact visitors never receive. */
export function eventData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: '科技成果转化对接会',
    kind: 'roadshow',
    host: '江城市科学技术委员会',
    district: 'dh',
    address: '江城市东湖区科技大道 88 号',
    startsAt: '2027-03-10T09:00:00+08:00',
    endsAt: '2027-03-10T17:00:00+08:00',
    capacity: 120,
    intro: '面向高校院所与企业的成果转化对接活动，现场发布一批可转化的科技成果并组织一对一洽谈。',
    contactName: '刘老师',
    contactPhone: '027-86001234',
    ...overrides,
  };
}

/** A guest row of an invitation; `n` makes the phone distinct. */
export function guestRow(n: number): Record<string, unknown> {
  const names = ['刘洋', '陈思远', '黄丽娟', '赵文博', '孙婷', '马俊杰'];
  return {
    guestName: names[n % names.length],
    guestUnit: '江城大学材料科学与工程学院',
    guestPost: '教授',
    guestPhone: `1390000${String(1000 + n).slice(-4)}`,
  };
}

export function inviteData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    inviteTitle: `新型储能材料成果路演-${Math.random().toString(36).slice(2, 8)}`,
    inviteType: '1',
    hostOrg: '星河智能科技有限公司',
    eventDate: '2027-03-18',
    eventPlace: '江城市高新区创新大道88号科创中心三楼路演厅',
    guests: [guestRow(0), guestRow(1)],
    contactName: '周敏',
    contactPhone: '13600001111',
    agenda: '14:00 签到；14:30 项目路演；16:00 专家点评与对接洽谈。',
    ...overrides,
  };
}

export function collectionData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    targetKind: 'policy',
    targetTitle: '江城市科技型中小企业研发费用补助实施细则',
    targetPath: '/home/findproxy/lookDetail?id=42',
    ...overrides,
  };
}

export function demandData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    demandTitle: `高通量细胞筛选平台共建-${Math.random().toString(36).slice(2, 8)}`,
    company: '星河生物医药科技有限公司',
    contactPhone: '13800138000',
    detail: '拟与高校共建高通量细胞筛选平台，需要自动化液体处理与成像分析技术支持。',
    ...overrides,
  };
}

export async function call<T = unknown>(
  t: TestApp,
  user: TestUser | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await t.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

export async function createBooking(t: TestApp, user: TestUser, overrides: Record<string, unknown> = {}): Promise<RecordView> {
  const { status, body } = await call<RecordView>(t, user, 'POST', `/api/resources/${LAB}/create`, bookingData(overrides));
  if (status !== 200) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

export async function transition(
  t: TestApp,
  user: TestUser,
  name: string,
  record: Pick<RecordView, 'id' | 'version'>,
  note?: string,
): Promise<{ status: number; body: Envelope<RecordView> }> {
  return call<RecordView>(t, user, 'POST', `/api/resources/${LAB}/transitions/${name}`, {
    id: record.id,
    version: record.version,
    ...(note === undefined ? {} : { note }),
  });
}

/** The people of a resource's API tests: its owner, a stranger, and two reviewers (for the race). */
export interface ResourceCast {
  owner: TestUser;
  stranger: TestUser;
  reviewer: TestUser;
  reviewer2: TestUser;
}

export async function resourceCast(t: TestApp): Promise<ResourceCast> {
  return {
    owner: await createLoggedInUser(t, 'owner'),
    stranger: await createLoggedInUser(t, 'stranger'),
    reviewer: await createLoggedInUser(t, 'rev', 'reviewer'),
    reviewer2: await createLoggedInUser(t, 'rev2', 'reviewer'),
  };
}

let creditSerial = 0;

/** A valid unified social credit code, different each call (GB 32100-2015 check character). */
export function creditCode(): string {
  creditSerial += 1;
  const first17 = `91420100MA4K${String(10000 + creditSerial).slice(-5)}`;
  return first17 + unifiedSocialCreditCheckChar(first17);
}

/** The user's upload of a scanned document (a business licence for a settle-in application by default) for a resource's file field. */
export async function businessLicence(
  t: TestApp,
  user: TestUser,
  target = { resource: 'check-in', field: 'businessLicence' },
): Promise<FileRefBody> {
  const response = await upload(
    t,
    user,
    { ownerKind: 'resource', ownerId: target.resource, field: target.field },
    { filename: '营业执照（副本）.pdf', content: SAMPLE_FILES.pdf() },
  );
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ data: FileRefBody }>().data;
}

/** A settle-in application (schemas/resources/check-in) with a fresh credit code and the user's licence. */
export async function checkInRecordData(
  t: TestApp,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return {
    orgName: '江城光电材料科技有限公司',
    creditCode: creditCode(),
    orgType: '1',
    legalPerson: '何建国',
    registeredCapital: 2000,
    establishedDate: '2019-05-16',
    address: '江城市高新区光谷三路18号',
    field: '04',
    contactName: '何丽',
    contactPhone: '13700002222',
    intro: '从事光学薄膜材料研发与生产，拥有发明专利12项。',
    businessLicence: [await businessLicence(t, user)],
    ...overrides,
  };
}
