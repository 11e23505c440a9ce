import JSZip from 'jszip';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';
import { REPO_SCHEMAS_DIR } from './test-app';
import type { TestUser } from './test-users';

/** The tiny test activity (two steps, a condition, Upload fields) that the server tests own. */
export const TINY_GRANT_DIR = fileURLToPath(new URL('../../fixtures/activities/tiny-grant', import.meta.url));

export interface FixtureActivity {
  /** The folder name and id; the fixture's texts and $ids are rewritten to it. */
  id: string;
  window?: { opensAt: string; closesAt: string };
  eligibleRoles?: string[];
}

/** Copies one fixture folder into `<schemasDir>/activities/<id>`, as a content administrator would. */
export async function addFixtureActivity(schemasDir: string, activity: FixtureActivity, sourceDir = TINY_GRANT_DIR): Promise<void> {
  const target = join(schemasDir, 'activities', activity.id);
  await cp(sourceDir, target, { recursive: true });
  for (const name of await readdir(target)) {
    const path = join(target, name);
    await writeFile(path, (await readFile(path, 'utf8')).replaceAll('tiny-grant', activity.id));
  }
  const manifestPath = join(target, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
  if (activity.window) manifest['window'] = activity.window;
  if (activity.eligibleRoles) manifest['eligibleRoles'] = activity.eligibleRoles;
  await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
}

/**
 * A temporary schemas folder: a copy of the repository's (forms, dictionaries; its activities only
 * when asked) plus the given fixture activities.
 */
export async function makeSchemasDir(
  activities: FixtureActivity[],
  options: { repoActivities?: boolean } = {},
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'kechuang-schemas-'));
  await cp(REPO_SCHEMAS_DIR, dir, { recursive: true });
  if (!options.repoActivities) await rm(join(dir, 'activities'), { recursive: true, force: true });
  for (const activity of activities) await addFixtureActivity(dir, activity);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export const FORM = '/api/sys/form/data';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  errors?: { step?: string; path: string; keyword: string; message: string; params: Record<string, unknown> }[];
}

export function call(
  t: TestApp,
  user: TestUser | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...(user?.auth ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A multipart/form-data body as a browser sends it: the text fields first, then the file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { filename: string; content: Buffer; contentType?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kechuang${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Small files whose leading bytes are what their names say. */
export const SAMPLE_FILES = {
  pdf: (size = 200): Buffer => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]),
  // A real 1×1 PNG: images are decoded and written again before they are stored.
  png: (): Buffer =>
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  fakePng: (): Buffer => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  exe: (): Buffer => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256, 0x90)]),
  elf: (): Buffer => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(256, 0)]),
  zip: (): Buffer => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 0)]),
};

/** A minimal but real Office Open XML package: its content types and main part, as Word and Excel write them. */
export async function officePackage(type: 'docx' | 'xlsx'): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  zip.file(type === 'docx' ? 'word/document.xml' : 'xl/workbook.xml', type === 'docx' ? '<w:document/>' : '<workbook/>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A real zip that is no Office document: a text file inside. */
export async function plainZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('说明.txt', '这是一个普通压缩包');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export interface FileRefBody {
  id: string;
  name: string;
  size: number;
  type: string;
}

export async function upload(
  t: TestApp,
  user: TestUser,
  target: Record<string, string>,
  file: { filename: string; content: Buffer },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody(target, file);
  return t.app.inject({
    method: 'POST',
    url: `${FORM}/attachment/upload`,
    headers: { ...user.auth, ...body.headers, ...headers },
    payload: body.payload,
  });
}

export async function uploadOk(t: TestApp, user: TestUser, activityId: string, field = 'license', step = 'files'): Promise<FileRefBody> {
  const response = await upload(t, user, { activityId, step, field }, { filename: '营业执照.pdf', content: SAMPLE_FILES.pdf() });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json<Envelope<FileRefBody>>().data;
}

export interface ViewBody {
  id: string;
  activityId: string;
  status: string;
  version: number;
  currentStep: string | null;
  data: Record<string, Record<string, unknown>>;
  schemaVersion: string;
  submittedAt: string | null;
  editable: boolean;
  applicantName?: string;
}

export async function firstSave(t: TestApp, user: TestUser, activityId: string): Promise<ViewBody> {
  const response = await call(t, user, 'POST', `${FORM}/firstSaveFormData`, { activityId });
  if (response.statusCode !== 200) throw new Error(`firstSave failed: ${response.body}`);
  return response.json<Envelope<ViewBody>>().data;
}

export async function saveOk(
  t: TestApp,
  user: TestUser,
  body: { activityId: string; step: string; version: number; data: Record<string, unknown>; currentStep?: string },
): Promise<ViewBody> {
  const response = await call(t, user, 'POST', `${FORM}/saveOrUpdate`, body);
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  return response.json<Envelope<ViewBody>>().data;
}

/** A complete, valid tiny-grant application saved for the user; returns the view ready to submit. */
export async function completeTinyGrant(
  t: TestApp,
  user: TestUser,
  activityId: string,
  projectName = '智能质检创新项目',
): Promise<ViewBody> {
  let view = await firstSave(t, user, activityId);
  view = await saveOk(t, user, {
    activityId,
    step: 'basic',
    version: view.version,
    data: { projectName, budget: 20, hasPartner: false },
    currentStep: 'basic',
  });
  const license = await uploadOk(t, user, activityId);
  return saveOk(t, user, { activityId, step: 'files', version: view.version, data: { license: [license] }, currentStep: 'files' });
}

export function submit(
  t: TestApp,
  user: TestUser,
  activityId: string,
  version: number,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return call(t, user, 'POST', `${FORM}/submitData`, { activityId, version }, headers);
}
