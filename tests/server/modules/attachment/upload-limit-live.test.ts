import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, firstSave, makeSchemasDir, SAMPLE_FILES, upload, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const ACTIVITY = 'tiny-grant';
const MB = 1024 * 1024;
const LICENSE = { activityId: ACTIVITY, step: 'files', field: 'license' };

/*
 * Issue 32 item 3: an upload limit raised in the studio is served without a restart. The parser's own
 * stop is the vocabulary's ceiling, and each file is held to its field's live maxSize as it streams.
 */
describe('an Upload field whose limit a publication raised', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let editor: TestUser;
  let applicant: TestUser;

  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    t = await createTestApp({ schemasDir: schemas.dir });
    editor = await createLoggedInUser(t, 'editor', 'editor');
    applicant = await createLoggedInUser(t, 'limits', 'applicant');
    await firstSave(t, applicant, ACTIVITY);
  });
  afterAll(async () => {
    await t.close();
    await schemas.cleanup();
  });

  it('takes a file above every limit of the start-up schemas once the field allows it, and still refuses one above the field', async () => {
    const file = (size: number) => ({ filename: '申报书.pdf', content: SAMPLE_FILES.pdf(size) });
    // 5 MB at start-up: a 6 MB file is refused by the field.
    expect((await upload(t, applicant, LICENSE, file(6 * MB))).statusCode).toBe(413);

    const unit = (await call(t, editor, 'GET', `/api/studio/unit?kind=activity&name=${ACTIVITY}`)).json<
      Envelope<{ files: Record<string, string>; version: string }>
    >().data;
    const raised = (unit.files['files.schema.json'] ?? '').replace('"maxSize": 5242880', `"maxSize": ${30 * MB}`);
    expect(raised).not.toBe(unit.files['files.schema.json']);
    const published = await call(t, editor, 'POST', '/api/studio/publish', {
      kind: 'activity',
      name: ACTIVITY,
      files: { ...unit.files, 'files.schema.json': raised },
      baseVersion: unit.version,
    });
    expect(published.statusCode, published.body).toBe(200);

    // Above the largest limit any schema had at start-up (20 MB when none had more), below the field's new one.
    expect((await upload(t, applicant, LICENSE, file(21 * MB))).statusCode).toBe(200);
    const refused = await upload(t, applicant, LICENSE, file(31 * MB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json<{ msg: string }>().msg).toContain('30');
  });
});
