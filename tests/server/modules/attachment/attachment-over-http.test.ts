import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSchemasDir, multipartBody, SAMPLE_FILES } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

// inject() hands the whole body over at once; a real socket streams it, which is where a partial file is left behind (STACK trap 15).
describe('an over-limit upload over a real socket', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let base: string;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: 'tiny-grant' }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    alice = await createLoggedInUser(t, 'alice');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  it('answers 413 with the limit and leaves nothing in the uploads folder', async () => {
    const dir = join(t.app.appConfig.dataDir, 'uploads');
    const before = await readdir(dir);
    const body = multipartBody(
      { activityId: 'tiny-grant', step: 'files', field: 'license' },
      { filename: 'big.pdf', content: SAMPLE_FILES.pdf(10 * 1024 * 1024) },
    );
    const response = await fetch(`${base}/api/sys/form/data/attachment/upload`, {
      method: 'POST',
      headers: { ...alice.auth, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { msg: string }).msg).toBe('文件大小不能超过 5 MB');
    expect(await readdir(dir)).toEqual(before);
  });
});
