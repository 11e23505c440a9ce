import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impactFromCli } from '../../scripts/lib/impact-from-cli';
import { call, firstSave, makeSchemasDir, saveOk, type Envelope } from '../server/helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../server/helpers/test-app';
import { createLoggedInUser } from '../server/helpers/test-users';

const ACTIVITY = 'cli-grant';

describe('npm run schemas:check -- --impact', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let draftId: string;
  const basicFile = () => join(schemas.dir, 'activities', ACTIVITY, 'basic.schema.json');

  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    t = await createTestApp({ schemasDir: schemas.dir });
    const applicant = await createLoggedInUser(t, 'cli', 'applicant');
    const draft = await firstSave(t, applicant, ACTIVITY);
    draftId = draft.id;
    await saveOk(t, applicant, {
      activityId: ACTIVITY,
      step: 'basic',
      version: draft.version,
      data: { projectName: '城市智慧照明改造示范工程', hasPartner: false },
    });
    // One publication from the studio, so the database knows the live version the files are weighed against.
    const editor = await createLoggedInUser(t, 'editor', 'editor');
    const unit = (await call(t, editor, 'GET', `/api/studio/unit?kind=activity&name=${ACTIVITY}`)).json<
      Envelope<{ version: string; files: Record<string, string> }>
    >().data;
    const files = {
      ...unit.files,
      'basic.schema.json': (unit.files['basic.schema.json'] ?? '').replace('"maximum": 1000', '"maximum": 900'),
    };
    expect(
      (await call(t, editor, 'POST', '/api/studio/publish', { kind: 'activity', name: ACTIVITY, files, baseVersion: unit.version }))
        .statusCode,
    ).toBe(200);
  });

  afterAll(async () => {
    await t.close();
    await schemas.cleanup();
  });

  it('weighs the files against the latest publication and names the draft a tightened length breaks', async () => {
    // Edited in the files (git), not in the studio.
    const text = await readFile(basicFile(), 'utf8');
    await writeFile(basicFile(), text.replace('"maxLength": 50', '"maxLength": 10'));
    const results = await impactFromCli(t.database, schemas.dir);
    const activity = results.find((result) => result.unit === `activities/${ACTIVITY}`);
    expect(activity).toMatchObject({ baseline: 'publication', report: { checked: 1, failing: 1 } });
    expect(activity?.report?.items[0]).toMatchObject({
      id: draftId,
      status: 'draft',
      errors: [expect.objectContaining({ step: 'basic', path: 'projectName' })],
    });
    // The message form has no stored message here.
    expect(results.find((result) => result.unit === 'forms/message.schema.json')?.report).toMatchObject({ checked: 0, failing: 0 });
  });

  it("weighs a resource folder's records too", async () => {
    const editor = await createLoggedInUser(t, 'content', 'editor');
    const item = {
      title: '新型储能材料中试成果',
      category: 'achievement',
      org: '江城新材料研究院有限公司',
      publishDate: '2026-11-20',
      summary: '面向电网侧储能的固态电解质材料完成中试，循环寿命提升显著。',
    };
    const created = (await call(t, editor, 'POST', '/api/resources/showcase/create', item)).json<Envelope<{ id: string }>>().data;
    const file = join(schemas.dir, 'resources', 'showcase', 'record.schema.json');
    const record = JSON.parse(await readFile(file, 'utf8')) as { properties: Record<string, Record<string, unknown>> };
    record.properties['org'] = { ...record.properties['org'], maxLength: 8 };
    await writeFile(file, JSON.stringify(record, null, 2));
    const showcase = (await impactFromCli(t.database, schemas.dir)).find((result) => result.unit === 'resources/showcase');
    expect(showcase?.report).toMatchObject({
      checked: 1,
      failing: 1,
      items: [expect.objectContaining({ id: created.id, errors: [expect.objectContaining({ path: 'org' })] })],
    });
  });

  it('leaves a folder that does not check to the check itself', async () => {
    const text = await readFile(basicFile(), 'utf8');
    await writeFile(basicFile(), text.replace('"maxLength": 10', '"maxLength": "十"'));
    const results = await impactFromCli(t.database, schemas.dir);
    expect(results.map((result) => result.unit)).not.toContain(`activities/${ACTIVITY}`);
  });
});
