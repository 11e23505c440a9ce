import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents } from '../../../../src/server/db/schema';
import { docActivityExample } from '../../../fixtures/doc-activity-example';
import {
  call,
  FORM,
  firstSave,
  makeSchemasDir,
  saveOk,
  submit,
  uploadOk,
  type Envelope,
  type ViewBody,
} from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/*
 * Acceptance for content administrators: the complete example folder of docs/schema-authoring.md
 * §9.2, written into schemas/activities/ exactly as the guide prints it, works after a restart with
 * no code change: listed, served, validated per step and path, kept as a draft, submitted once.
 */
const ACTIVITY = 'tech-voucher';
let schemas: { dir: string; cleanup: () => Promise<void> };
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  schemas = await makeSchemasDir([]);
  for (const [file, value] of docActivityExample()) {
    await mkdir(path.dirname(path.join(schemas.dir, file)), { recursive: true });
    await writeFile(path.join(schemas.dir, file), JSON.stringify(value, null, 2));
  }
  t = await createTestApp({ schemasDir: schemas.dir });
  user = await createLoggedInUser(t, 'voucher-applicant');
});

afterAll(async () => {
  await t.close();
  await schemas.cleanup();
});

describe("the guide's example activity, dropped into schemas/activities/", () => {
  it('is listed and served with its three steps', async () => {
    const list = (await call(t, undefined, 'GET', '/api/schemas/activities')).json<Envelope<Array<{ id: string; title: string }>>>().data;
    expect(list).toContainEqual(expect.objectContaining({ id: ACTIVITY, title: '2027年度科技创新券申领' }));
    const detail = (await call(t, undefined, 'GET', `/api/schemas/activities/${ACTIVITY}`)).json<
      Envelope<{ steps: Array<{ key: string }> }>
    >().data;
    expect(detail.steps.map((step) => step.key)).toEqual(['company', 'services', 'materials']);
  });

  it('rejects bad data with the right step and path, keeps the draft, and submits once', async () => {
    let view = await firstSave(t, user, ACTIVITY);
    // A wrong check character, "high-tech" without its certificate number (the condition), and a founding date to come (§4.2).
    view = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'company',
      version: view.version,
      data: {
        companyName: '示例科技有限公司',
        creditCode: '91350100M000100Y44',
        isHighTech: true,
        contactPhone: '13800138000',
        establishedDate: '2999-12-31',
      },
      currentStep: 'services',
    });
    const refused = await submit(t, user, ACTIVITY, view.version);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<Envelope<unknown>>().errors?.map((e) => `${e.step}:${e.path}:${e.keyword}:${e.message}`);
    expect(errors).toEqual([
      'company:certificateNo:required:请输入',
      'company:creditCode:format:请输入正确的统一社会信用代码',
      'company:establishedDate:x-compare:成立日期不能晚于今天',
      'services:services:required:请选择',
      'materials:licence:required:请上传营业执照',
    ]);

    // Unknown fields are refused even in a draft, on their step and path.
    const unknown = await call(t, user, 'POST', `${FORM}/saveOrUpdate`, {
      activityId: ACTIVITY,
      step: 'services',
      version: view.version,
      data: { services: [{ serviceType: 'testing', provider: '某检测中心', amount: 3, discount: 1 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Envelope<unknown>>().errors).toEqual([
      expect.objectContaining({ step: 'services', path: 'services.0.discount', keyword: 'additionalProperties' }),
    ]);

    view = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'company',
      version: view.version,
      data: {
        companyName: '示例科技有限公司',
        creditCode: '91350100M000100Y43',
        isHighTech: true,
        certificateNo: 'GR202635000123',
        contactPhone: '13800138000',
      },
    });
    view = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'services',
      version: view.version,
      data: { services: [{ serviceType: 'testing', provider: '某检测中心', amount: 3 }] },
    });
    const licence = await uploadOk(t, user, ACTIVITY, 'licence', 'materials');
    view = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'materials',
      version: view.version,
      data: { licence: [licence] },
      currentStep: 'materials',
    });

    // The draft, as a reload or a new login finds it.
    const reloaded = (await call(t, user, 'GET', `${FORM}/query?activityId=${ACTIVITY}`)).json<Envelope<ViewBody>>().data;
    expect(reloaded).toMatchObject({ status: 'draft', version: view.version, currentStep: 'materials', data: view.data });

    // A value the condition hides (a certificate number with 否) is dropped, as the browser drops it.
    view = await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'company',
      version: view.version,
      data: {
        companyName: '示例科技有限公司',
        creditCode: '91350100M000100Y43',
        isHighTech: false,
        certificateNo: 'GR202635000123',
        contactPhone: '13800138000',
      },
    });
    expect(view.data['company']).toEqual({
      companyName: '示例科技有限公司',
      creditCode: '91350100M000100Y43',
      isHighTech: false,
      contactPhone: '13800138000',
    });

    const [first, second] = await Promise.all([submit(t, user, ACTIVITY, view.version), submit(t, user, ACTIVITY, view.version)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const events = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, view.id));
    expect(events.filter((event) => event.action === 'submit')).toHaveLength(1);
  });
});
