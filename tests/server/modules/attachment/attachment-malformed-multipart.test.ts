import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../../../src/server/db/schema';
import { FORM, makeSchemasDir, multipartBody, SAMPLE_FILES } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const ACTIVITY = 'tiny-grant';
const LICENSE = { activityId: ACTIVITY, step: 'files', field: 'license' };
const MALFORMED = { code: 400, msg: '上传的内容不完整或格式有误，请重新上传', reason: 'multipartMalformed' };

describe('attachments: a malformed multipart body is the client’s fault (400), never a 500', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let uploadsDir: string;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    alice = await createLoggedInUser(t, 'alice');
    uploadsDir = join(t.app.appConfig.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  const post = (payload: Buffer | string, contentType: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: `${FORM}/attachment/upload`,
      headers: { ...alice.auth, 'content-type': contentType, ...headers },
      payload,
    });
  const temporaries = async (): Promise<string[]> => (await readdir(uploadsDir)).filter((name) => name.startsWith('tmp-'));

  it('answers 400 without a boundary, with the wrong one, with one too long for the parser, and for a body that is not multipart', async () => {
    const { payload } = multipartBody(LICENSE, { filename: 'a.pdf', content: SAMPLE_FILES.pdf() });
    const cases: [Buffer | string, string][] = [
      [payload, 'multipart/form-data'],
      [payload, 'multipart/form-data; boundary=not-the-one'],
      [payload, `multipart/form-data; boundary=${'b'.repeat(300)}`],
      ['{"activityId":"tiny-grant"}', 'multipart/form-data; boundary=abc'],
    ];
    for (const [body, contentType] of cases) {
      const response = await post(body, contentType);
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual(MALFORMED);
    }
  });

  it('answers 400 for a body cut off inside the file, and leaves no temporary file or row behind', async () => {
    const { payload, headers } = multipartBody(LICENSE, { filename: 'a.pdf', content: SAMPLE_FILES.pdf(64 * 1024) });
    const rowsBefore = (await t.db.select().from(attachments)).length;
    const response = await post(payload.subarray(0, payload.length - 1_000), headers['content-type'] ?? '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(MALFORMED);
    expect(await temporaries()).toEqual([]);
    expect((await t.db.select().from(attachments)).length).toBe(rowsBefore);
  });

  it('words it in English for Accept-Language: en-US', async () => {
    const response = await post('x', 'multipart/form-data', { 'accept-language': 'en-US' });
    expect(response.json()).toEqual({ ...MALFORMED, msg: 'The upload is incomplete or malformed; please upload it again' });
  });

  it('refuses a NUL in a text part on that field, as the input guard does for JSON', async () => {
    const { payload, headers } = multipartBody({ ...LICENSE, step: 'files\u0000' }, { filename: 'a.pdf', content: SAMPLE_FILES.pdf() });
    const response = await post(payload, headers['content-type'] ?? '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      msg: '提交的内容含有不允许的字符，请删除后重试',
      reason: 'inputInvalidCharacter',
      errors: [
        {
          path: 'step',
          keyword: 'invalidCharacter',
          params: {},
          message: '含有不允许的字符（空字符或不完整的 Unicode 字符），请删除后重新输入',
        },
      ],
    });
  });

  it('still takes a well-formed upload', async () => {
    const { payload, headers } = multipartBody(LICENSE, { filename: 'a.pdf', content: SAMPLE_FILES.pdf() });
    expect((await post(payload, headers['content-type'] ?? '')).statusCode).toBe(200);
  });
});
