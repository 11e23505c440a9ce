import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledActivity } from '../../../../src/shared/activity/compile-activity';
import { applications } from '../../../../src/server/db/schema';
import { compileActivityFolder } from '../../../../src/server/engine/units/activity-registry';
import { checkActivitySteps, type CheckActivityStepsOptions } from '../../../../src/server/engine/write/check-activity-steps';
import { createDraft } from '../../../../src/server/modules/application/application-store';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

const ID = 'step-checks';

// One step carrying every check: x-unique, a dictionary, x-compare, a condition, rich text and an upload.
const MANIFEST = {
  id: ID,
  title: '检查项测试',
  summary: '测试 checkActivitySteps 的每一项检查。',
  window: { opensAt: '2020-01-01T00:00:00+08:00', closesAt: '2099-12-31T23:59:59+08:00' },
  steps: [{ key: 'basic', title: '基本信息', schema: 'basic.schema.json' }],
};
const BASIC = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: `https://schemas.kechuang.local/activities/${ID}/basic.schema.json`,
  title: '基本信息',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'hasPartner'],
  properties: {
    name: { type: 'string', title: '项目名称', minLength: 2, maxLength: 50, 'x-unique': true },
    field: { type: 'string', title: '技术领域', 'x-dict': 'tech_field' },
    startDate: { type: 'string', title: '开始日期', format: 'date' },
    endDate: { type: 'string', title: '结束日期', format: 'date', 'x-compare': { op: '>=', field: 'startDate' } },
    notes: { type: 'string', title: '说明', maxLength: 200, 'x-component': 'RichText' },
    hasPartner: { type: 'boolean', title: '是否有合作单位' },
    partnerName: { type: 'string', title: '合作单位名称', minLength: 2, maxLength: 50 },
    license: {
      type: 'array',
      title: '营业执照',
      maxItems: 2,
      'x-component': 'Upload',
      'x-upload': { accept: ['pdf'], maxSize: 1048576 },
      items: { $ref: 'https://schemas.kechuang.local/api/file-ref.schema.json' },
    },
  },
  if: { properties: { hasPartner: { const: true } }, required: ['hasPartner'] },
  then: { required: ['partnerName'] },
};

const TAKEN = '已被占用的项目';
const FOREIGN_FILE = { id: '00000000-0000-4000-8000-000000000000', name: '营业执照.pdf', size: 100, type: 'pdf' };

describe('checkActivitySteps: the write pipeline of activity steps', () => {
  let t: TestApp;
  let activity: CompiledActivity;
  let applicantId: string;

  beforeAll(async () => {
    t = await createTestApp();
    activity = compileActivityFolder(
      ID,
      new Map([
        ['manifest.json', JSON.stringify(MANIFEST)],
        ['basic.schema.json', JSON.stringify(BASIC)],
      ]),
    );
    applicantId = (await createLoggedInUser(t, 'checks-applicant')).id;
    // Another applicant's submitted application holds TAKEN.
    const rival = await createLoggedInUser(t, 'checks-rival');
    const row = await createDraft(t.db, {
      userId: rival.id,
      activityId: ID,
      schemaVersion: activity.definition.version,
      now: t.clock.now(),
    });
    await t.db
      .update(applications)
      .set({ status: 'submitted', data: { basic: { name: TAKEN, hasPartner: false } } })
      .where(eq(applications.id, row.id));
  });
  afterAll(async () => t.close());

  const check = (basic: Record<string, unknown>, options: Partial<CheckActivityStepsOptions> = {}) =>
    checkActivitySteps(t.db, activity, { basic }, { locale: 'zh-CN', mode: 'submit', applicantId, ...options });
  const found = async (basic: Record<string, unknown>, options: Partial<CheckActivityStepsOptions> = {}) =>
    (await check(basic, options)).errors.map((error) => `${error.step}:${error.path}:${error.keyword}`);

  it('passes a complete, clean step and hands back the data to store', async () => {
    const basic = {
      name: '智能质检',
      field: '07',
      startDate: '2025-01-01',
      endDate: '2025-06-30',
      notes: '<p>说明</p>',
      hasPartner: false,
    };
    expect(await check(basic)).toEqual({ data: { basic }, errors: [] });
  });

  it('stores rich text sanitised, cleared values pruned and hidden fields dropped, and judges what it stores', async () => {
    const result = await check({
      name: '智能质检',
      notes: '<p onclick="x()">说明<script>alert(1)</script></p>',
      hasPartner: false,
      partnerName: '甲单位',
      field: '',
    });
    expect(result).toEqual({ data: { basic: { name: '智能质检', notes: '<p>说明</p>', hasPartner: false } }, errors: [] });
    // 200 characters of handlers are stripped before maxLength counts; a text with nothing visible is missing.
    expect(await found({ name: '智能质检', hasPartner: false, notes: `<p${' onclick="x()"'.repeat(20)}>短</p>` })).toEqual([]);
    expect((await check({ name: '智能质检', hasPartner: true, partnerName: '<b></b>' })).errors).toEqual([]);
  });

  it('submit mode: every rule of the schema, x-compare among them', async () => {
    expect(await found({ name: '甲', hasPartner: true, startDate: '2025-06-30', endDate: '2025-01-01' })).toEqual([
      'basic:partnerName:required',
      'basic:name:minLength',
      'basic:endDate:x-compare',
    ]);
  });

  it('draft mode: only unknown fields and wrong types, so a half-filled draft saves', async () => {
    expect(await found({ name: '甲', hasPartner: true, startDate: '2025-06-30', endDate: '2025-01-01' }, { mode: 'draft' })).toEqual([]);
    expect(await found({ name: 42, colour: '红' }, { mode: 'draft' })).toEqual(['basic:colour:additionalProperties', 'basic:name:type']);
  });

  it('dictionaries: a key the dictionary lacks, from submit mode on, reported once when ajv already failed the field', async () => {
    expect(await found({ name: '智能质检', hasPartner: false, field: '99' })).toEqual(['basic:field:x-dict']);
    expect(await found({ name: '智能质检', hasPartner: false, field: '99' }, { mode: 'draft' })).toEqual([]);
    expect(await found({ name: '智能质检', hasPartner: false, field: 99 })).toEqual(['basic:field:type']);
  });

  it("uploads: a reference that is not the applicant's own upload, in either mode; not judged without an applicant", async () => {
    const basic = { name: '智能质检', hasPartner: false, license: [FOREIGN_FILE] };
    expect(await found(basic)).toEqual(['basic:license.0:attachment']);
    expect(await found(basic, { mode: 'draft' })).toEqual(['basic:license.0:attachment']);
    expect(await found(basic, { applicantId: undefined })).toEqual([]);
  });

  it('x-unique: a name another applicant holds, from submit mode on and only for an applicant', async () => {
    expect(await found({ name: TAKEN, hasPartner: false })).toEqual(['basic:name:unique']);
    expect(await found({ name: TAKEN, hasPartner: false }, { mode: 'draft' })).toEqual([]);
    expect(await found({ name: TAKEN, hasPartner: false }, { applicantId: undefined })).toEqual([]);
  });

  it('checks only the steps asked for, and a missing step counts as empty in submit mode', async () => {
    expect(await checkActivitySteps(t.db, activity, {}, { locale: 'zh-CN', mode: 'submit', applicantId })).toMatchObject({
      data: {},
      errors: [
        expect.objectContaining({ step: 'basic', keyword: 'required' }),
        expect.objectContaining({ step: 'basic', keyword: 'required' }),
      ],
    });
    expect(
      await checkActivitySteps(t.db, activity, { basic: { name: '甲' } }, { locale: 'zh-CN', mode: 'submit', applicantId, steps: [] }),
    ).toEqual({ data: {}, errors: [] });
  });
});
