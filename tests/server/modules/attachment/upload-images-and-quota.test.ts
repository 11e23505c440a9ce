import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../../../src/server/db/schema';
import { checkUploadQuota, UPLOAD_QUOTA } from '../../../../src/server/services/files/upload-quota';
import { call, FORM, makeSchemasDir, SAMPLE_FILES, upload, type Envelope, type FileRefBody } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const ACTIVITY = 'tiny-grant';
// The fixture's license field takes PDF, JPG and PNG.
const LICENSE = { activityId: ACTIVITY, step: 'files', field: 'license' };

describe('uploaded images are written again, and each account has a quota (SECURITY R26, R36)', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    alice = await createLoggedInUser(t, 'alice');
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  async function uploadAndFetch(filename: string, content: Buffer): Promise<{ ref: FileRefBody; stored: Buffer }> {
    const response = await upload(t, alice, LICENSE, { filename, content });
    expect(response.statusCode, response.body).toBe(200);
    const ref = response.json<Envelope<FileRefBody>>().data;
    const download = await call(t, alice, 'GET', `${FORM}/attachment/${ref.id}`);
    expect(download.statusCode).toBe(200);
    return { ref, stored: download.rawPayload };
  }

  it('drops a photo’s EXIF (its GPS position) and keeps it upright and decodable', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } })
      .jpeg()
      // Taken with the phone turned: stored 40 × 20, shown 20 × 40.
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'GPS 31.2304N 121.4737E secret' } })
      .toBuffer();
    expect(photo.includes(Buffer.from('secret'))).toBe(true);
    const { ref, stored } = await uploadAndFetch('现场照片.jpg', photo);
    expect(stored.includes(Buffer.from('secret'))).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(ref.size).toBe(stored.length);
  });

  it('drops whatever is appended after a PNG’s end (a polyglot’s payload)', async () => {
    const polyglot = Buffer.concat([SAMPLE_FILES.png(), Buffer.from('<script>alert(document.cookie)</script>PK\x03\x04')]);
    const { stored } = await uploadAndFetch('扫描件.png', polyglot);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('png');
  });

  it('refuses a file that only starts like an image, with 415 and a clear message', async () => {
    const response = await upload(t, alice, LICENSE, { filename: 'scan.png', content: SAMPLE_FILES.fakePng() });
    expect(response.statusCode).toBe(415);
    expect(response.json<Envelope<unknown>>()).toMatchObject({ code: 415, msg: '图片文件已损坏或无法识别，请重新选择' });
    const english = await upload(
      t,
      alice,
      LICENSE,
      { filename: 'scan.png', content: SAMPLE_FILES.fakePng() },
      { 'accept-language': 'en-US' },
    );
    expect(english.json<Envelope<unknown>>().msg).toBe('The image is damaged or cannot be read; please choose another file');
  });

  it('refuses the file past the account’s quota of files, with 413', async () => {
    const bob = await createLoggedInUser(t, 'bob');
    const rows = Array.from({ length: UPLOAD_QUOTA.files }, (_unused, index) => ({
      userId: bob.id,
      ownerKind: 'activity',
      ownerId: ACTIVITY,
      step: 'files',
      field: 'license',
      originalName: `${index}.pdf`,
      type: 'pdf',
      size: 10,
      sha256: 'x',
    }));
    for (let start = 0; start < rows.length; start += 250) await t.db.insert(attachments).values(rows.slice(start, start + 250));
    const response = await upload(t, bob, LICENSE, { filename: 'one-more.pdf', content: SAMPLE_FILES.pdf() });
    expect(response.statusCode).toBe(413);
    expect(response.json<Envelope<unknown>>().msg).toBe('您上传的附件数量已达上限，请删除不再需要的附件后再上传');
    // Alice, with a handful of files, is not affected.
    expect((await upload(t, alice, LICENSE, { filename: 'ok.pdf', content: SAMPLE_FILES.pdf() })).statusCode).toBe(200);
  });

  it('counts bytes as well as files', async () => {
    expect(await checkUploadQuota(t.db, alice.id, 100, { bytes: 1_000_000, files: 100 })).toBe('ok');
    expect(await checkUploadQuota(t.db, alice.id, 1_000_000, { bytes: 1_000_000, files: 100 })).toBe('tooManyBytes');
    expect(await checkUploadQuota(t.db, alice.id, 1, { bytes: 1_000_000, files: 2 })).toBe('tooManyFiles');
  });
});
