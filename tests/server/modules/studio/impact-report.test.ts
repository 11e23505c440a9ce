import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledActivity } from '../../../../src/shared/activity/compile-activity';
import { applications } from '../../../../src/server/db/schema';
import { readFolderTexts } from '../../../../src/server/lib/read-schema-folder';
import { compileActivityFolder } from '../../../../src/server/engine/units/activity-registry';
import { createDraft } from '../../../../src/server/modules/application/application-store';
import { activityImpact } from '../../../../src/server/modules/studio/impact-report';
import { TINY_GRANT_DIR } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

type Node = Record<string, unknown>;

/** tiny-grant with a technology field from the tech_field dictionary, then changed by `edit`. */
async function version(
  edit: (schema: { properties: Record<string, Node>; required: string[] }) => void = () => undefined,
): Promise<CompiledActivity> {
  const texts = await readFolderTexts(TINY_GRANT_DIR);
  const schema = JSON.parse(texts.get('basic.schema.json') ?? '{}') as { properties: Record<string, Node>; required: string[] };
  schema.properties['field'] = { type: 'string', title: '技术领域', 'x-dict': 'tech_field' };
  edit(schema);
  texts.set('basic.schema.json', JSON.stringify(schema));
  return compileActivityFolder('tiny-grant', texts);
}

describe('the impact report of a change to an activity', () => {
  let t: TestApp;
  let live: CompiledActivity;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    live = await version();
    const store = async (key: string, status: string, basic: Record<string, unknown>) => {
      const user = await createLoggedInUser(t, key, 'applicant');
      const row = await createDraft(t.db, {
        userId: user.id,
        activityId: 'tiny-grant',
        schemaVersion: live.definition.version,
        now: t.clock.now(),
      });
      await t.db.update(applications).set({ status, data: { basic } }).where(eq(applications.id, row.id));
      ids[key] = row.id;
    };
    // A long name in a draft, a budget in a submitted application, a technology field in an approved one.
    await store('long', 'draft', { projectName: '城市智慧照明改造示范工程', hasPartner: false });
    await store('budget', 'submitted', { projectName: '智能质检', budget: 20, hasPartner: false });
    await store('field', 'approved', { projectName: '新材料中试', hasPartner: false, field: '07' });
  });

  afterAll(async () => {
    await t.close();
  });

  const impact = async (candidate: CompiledActivity) => activityImpact(t.db, live, candidate, 'zh-CN');
  const failing = async (candidate: CompiledActivity) =>
    (await impact(candidate)).items.map((item) => [item.id, item.errors.map((error) => `${error.step ?? ''}.${error.path}`).join(' ')]);

  it('finds nothing when nothing changed, and counts every record per status', async () => {
    const report = await impact(await version());
    expect(report).toMatchObject({ checked: 3, failing: 0, items: [], truncated: false });
    expect(report.byStatus).toEqual(
      expect.arrayContaining([
        { status: 'draft', checked: 1, failing: 0 },
        { status: 'submitted', checked: 1, failing: 0 },
        { status: 'approved', checked: 1, failing: 0 },
      ]),
    );
  });

  it('a tightened length: the draft whose name is now too long, marked as pinned', async () => {
    const report = await impact(
      await version((schema) => void (schema.properties['projectName'] = { ...schema.properties['projectName'], maxLength: 10 })),
    );
    expect(report.items).toEqual([
      expect.objectContaining({
        id: ids['long'],
        status: 'draft',
        pinned: true,
        errors: [expect.objectContaining({ step: 'basic', path: 'projectName', message: '最多输入10个字符' })],
      }),
    ]);
  });

  it("a new required field: every record, the draft's unfilled required fields left out", async () => {
    expect(
      await failing(
        await version((schema) => {
          schema.properties['contact'] = { type: 'string', title: '联系人' };
          schema.required.push('contact');
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        [ids['long'], 'basic.contact'],
        [ids['budget'], 'basic.contact'],
        [ids['field'], 'basic.contact'],
      ]),
    );
  });

  it('a removed or renamed property: the records that hold a value for it', async () => {
    expect(await failing(await version((schema) => void delete schema.properties['budget']))).toEqual([[ids['budget'], 'basic.budget']]);
    expect(
      await failing(
        await version((schema) => {
          schema.properties['budgetTotal'] = schema.properties['budget'] ?? {};
          delete schema.properties['budget'];
        }),
      ),
    ).toEqual([[ids['budget'], 'basic.budget']]);
  });

  it('a changed dictionary: the record whose value the new dictionary lacks', async () => {
    expect(
      await failing(
        await version((schema) => void (schema.properties['field'] = { ...schema.properties['field'], 'x-dict': 'job_title' })),
      ),
    ).toEqual([[ids['field'], 'basic.field']]);
  });
});
