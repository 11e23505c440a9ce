import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../../../src/server/db/schema';
import {
  call,
  completeTinyGrant,
  firstSave,
  FORM,
  makeSchemasDir,
  officePackage,
  plainZip,
  SAMPLE_FILES,
  submit,
  upload,
  uploadOk,
  type Envelope,
  type FileRefBody,
} from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const ACTIVITY = 'tiny-grant';
const LICENSE = { activityId: ACTIVITY, step: 'files', field: 'license' };
const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('attachments: upload and download', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;
  let uploadsDir: string;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    alice = await createLoggedInUser(t, 'alice');
    bob = await createLoggedInUser(t, 'bob');
    uploadsDir = join(t.app.appConfig.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  const uploadsOnDisk = async (): Promise<string[]> => (await readdir(uploadsDir)).sort();

  it('stores an allowed file under a UUID and answers its FileRef', async () => {
    const content = SAMPLE_FILES.pdf(1234);
    const response = await upload(t, alice, LICENSE, { filename: '营业执照.pdf', content });
    expect(response.statusCode).toBe(200);
    const ref = response.json<Envelope<FileRefBody>>().data;
    expect(ref).toEqual({ id: expect.stringMatching(UUID_NAME), name: '营业执照.pdf', size: 1234, type: 'pdf' });
    expect(await readFile(join(uploadsDir, ref.id))).toEqual(content);
    const png = await upload(t, alice, LICENSE, { filename: 'scan.PNG', content: SAMPLE_FILES.png() });
    expect(png.json<Envelope<FileRefBody>>().data.type).toBe('png');
    // An Upload field inside an ArrayCards row, with its own types.
    const docx = await upload(
      t,
      alice,
      { activityId: ACTIVITY, step: 'files', field: 'groups.0.docs' },
      { filename: '说明.docx', content: await officePackage('docx') },
    );
    expect(docx.json<Envelope<FileRefBody>>().data.type).toBe('docx');
  });

  it('takes a zip as .docx only when it is a Word package inside, whatever its name says (415 otherwise)', async () => {
    const before = await uploadsOnDisk();
    const DOCS = { activityId: ACTIVITY, step: 'files', field: 'groups.0.docs' };
    for (const [filename, content] of [
      ['说明.docx', await plainZip()],
      ['说明.docx', SAMPLE_FILES.zip()],
      ['说明.docx', await officePackage('xlsx')],
    ] as const) {
      const response = await upload(t, alice, DOCS, { filename, content });
      expect(response.statusCode, filename).toBe(415);
      expect(response.json<Envelope<unknown>>().msg).toMatch(/^仅支持上传 /);
    }
    expect(await uploadsOnDisk()).toEqual(before);
  });

  it('refuses a 10 MB file over a 5 MB limit with 413 and a clear message, leaving no file behind', async () => {
    const before = await uploadsOnDisk();
    const rowsBefore = (await t.db.select().from(attachments)).length;
    const response = await upload(t, alice, LICENSE, { filename: 'big.pdf', content: SAMPLE_FILES.pdf(10 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json<Envelope<unknown>>()).toMatchObject({ code: 413, msg: '文件大小不能超过 5 MB' });
    expect(await uploadsOnDisk()).toEqual(before);
    expect((await t.db.select().from(attachments)).length).toBe(rowsBefore);
    const english = await upload(
      t,
      alice,
      LICENSE,
      { filename: 'big.pdf', content: SAMPLE_FILES.pdf(5 * 1024 * 1024 + 1) },
      { 'accept-language': 'en-US' },
    );
    expect(english.statusCode).toBe(413);
    expect(english.json<Envelope<unknown>>().msg).toBe('The file must not be larger than 5 MB');
    expect(await uploadsOnDisk()).toEqual(before);
  });

  it('accepts a file of exactly the limit', async () => {
    const response = await upload(t, alice, LICENSE, { filename: 'exact.pdf', content: SAMPLE_FILES.pdf(5 * 1024 * 1024) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses executables renamed .pdf, types outside the list and names that lie, with 415', async () => {
    const before = await uploadsOnDisk();
    for (const [filename, content] of [
      ['invoice.pdf', SAMPLE_FILES.exe()],
      ['report.pdf', SAMPLE_FILES.elf()],
      ['picture.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['scan.pdf', SAMPLE_FILES.png()],
      ['archive.zip', SAMPLE_FILES.zip()],
      ['no-extension', SAMPLE_FILES.pdf()],
    ] as const) {
      const response = await upload(t, alice, LICENSE, { filename, content });
      expect(response.statusCode, filename).toBe(415);
      expect(response.json<Envelope<unknown>>().msg).toBe('仅支持上传 PDF、JPG、PNG 格式的文件');
    }
    expect(await uploadsOnDisk()).toEqual(before);
  });

  it('refuses an empty file, a field that is not an Upload field and an incomplete form with 400', async () => {
    expect((await upload(t, alice, LICENSE, { filename: 'empty.pdf', content: Buffer.alloc(0) })).json<Envelope<unknown>>()).toMatchObject({
      code: 400,
      msg: '上传的文件为空',
    });
    expect(
      (
        await upload(
          t,
          alice,
          { activityId: ACTIVITY, step: 'basic', field: 'projectName' },
          { filename: 'a.pdf', content: SAMPLE_FILES.pdf() },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await upload(
          t,
          alice,
          { activityId: ACTIVITY, step: 'files', field: '../../etc/passwd' },
          { filename: 'a.pdf', content: SAMPLE_FILES.pdf() },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await upload(t, alice, { activityId: ACTIVITY, step: 'nope', field: 'license' }, { filename: 'a.pdf', content: SAMPLE_FILES.pdf() }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await upload(
          t,
          alice,
          { activityId: 'no-such', step: 'files', field: 'license' },
          { filename: 'a.pdf', content: SAMPLE_FILES.pdf() },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await upload(t, alice, { activityId: ACTIVITY, step: 'files' } as typeof LICENSE, {
          filename: 'a.pdf',
          content: SAMPLE_FILES.pdf(),
        })
      ).statusCode,
    ).toBe(400);
    const json = await call(t, alice, 'POST', `${FORM}/attachment/upload`, { activityId: ACTIVITY });
    expect(json.statusCode).toBe(415);
    expect((await uploadsOnDisk()).every((name) => UUID_NAME.test(name))).toBe(true);
  });

  it('keeps only the base name of a hostile file name as metadata', async () => {
    const ref = (await upload(t, alice, LICENSE, { filename: '../../etc/passwd.pdf', content: SAMPLE_FILES.pdf() })).json<
      Envelope<FileRefBody>
    >().data;
    expect(ref.name).toBe('passwd.pdf');
  });

  it('serves a download to its owner and to application.get holders with safe headers, and 404 to anyone else', async () => {
    const ref = await uploadOk(t, alice, ACTIVITY);
    const response = await call(t, alice, 'GET', `${FORM}/attachment/${ref.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(SAMPLE_FILES.pdf());
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('营业执照.pdf')}`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const other = await call(t, bob, 'GET', `${FORM}/attachment/${ref.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    expect((await call(t, undefined, 'GET', `${FORM}/attachment/${ref.id}`)).statusCode).toBe(401);
    expect((await call(t, alice, 'GET', `${FORM}/attachment/..%2f..%2fetc%2fpasswd`)).statusCode).toBe(400);
    expect((await call(t, alice, 'GET', `${FORM}/attachment/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('opens a submitted application’s files to application.get holders, never a draft’s, and never to others', async () => {
    const carol = await createLoggedInUser(t, 'carol');
    const draft = await completeTinyGrant(t, carol, ACTIVITY);
    const ref = await uploadOk(t, carol, ACTIVITY);
    const permitted = await Promise.all(['reviewer', 'integrity', 'admin'].map((role) => createLoggedInUser(t, role, role)));
    const refused = await Promise.all(['applicant', 'auditor'].map((role) => createLoggedInUser(t, `${role}-x`, role)));
    const download = (user: TestUser) => call(t, user, 'GET', `${FORM}/attachment/${ref.id}`);
    // A draft is the applicant's own business, whatever the permission.
    for (const user of [...permitted, ...refused]) expect((await download(user)).statusCode, user.username).toBe(404);
    expect((await submit(t, carol, ACTIVITY, draft.version)).statusCode).toBe(200);
    // Spec §6: application.get opens it once submitted (reviewer, integrity, admin); no permission, no file.
    for (const user of permitted) expect((await download(user)).statusCode, user.username).toBe(200);
    for (const user of refused) {
      const response = await download(user);
      expect(response.statusCode, user.username).toBe(404);
      expect(response.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
    }
  });

  it('refuses to save a reference to another user’s file, or a made-up one, on its path', async () => {
    const bobsFile = await uploadOk(t, bob, ACTIVITY);
    const view = await firstSave(t, alice, ACTIVITY);
    const mine = await uploadOk(t, alice, ACTIVITY);
    for (const [data, path] of [
      [{ license: [mine, bobsFile] }, 'license.1'],
      [{ license: [{ ...mine, size: mine.size + 1 }] }, 'license.0'],
      [{ license: [{ id: '00000000-0000-4000-8000-000000000000', name: 'x.pdf', size: 1, type: 'pdf' }] }, 'license.0'],
      [{ groups: [{ docs: [bobsFile] }] }, 'groups.0.docs.0'],
    ] as const) {
      const response = await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, {
        activityId: ACTIVITY,
        step: 'files',
        version: view.version,
        data,
      });
      expect(response.statusCode, path).toBe(400);
      expect(response.json<Envelope<unknown>>().errors).toContainEqual(
        expect.objectContaining({ step: 'files', path, keyword: 'attachment', message: '附件无效，请重新上传' }),
      );
    }
    const ok = await call(t, alice, 'POST', `${FORM}/saveOrUpdate`, {
      activityId: ACTIVITY,
      step: 'files',
      version: view.version,
      data: { license: [mine] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps JSON routes JSON-only: a multipart body elsewhere is a 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${FORM}/firstSaveFormData`,
      headers: { ...alice.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="activityId"\r\n\r\ntiny-grant\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(415);
  });
});
