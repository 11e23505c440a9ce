import { eq } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/server/db/open-postgres';
import type { Database } from '../../../src/server/db/database';
import { users } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/services/auth/session-store';
import { createUser } from '../../../src/server/services/users/create-user';
import { FORM, makeSchemasDir, multipartBody, SAMPLE_FILES } from '../helpers/activity-fixtures';
import { validMessage } from '../helpers/message-fixtures';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { TEST_CAPTCHA } from '../helpers/test-app';
import { createScratchDatabase, TEST_DATABASE_URL } from '../helpers/test-database';

const ACTIVITY = 'tiny-grant';
const PASSWORD = 'Kc-two-processes-9';

interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T; result?: { token?: string } };
}

async function send<T>(base: string, method: 'GET' | 'POST', path: string, token?: string, payload?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
}

/** Every login attempt of this file, all from 127.0.0.1: the per-IP login limit counts them all. */
let loginAttempts = 0;

async function login(base: string, username: string, password: string, captcha: Record<string, string> = {}): Promise<Answer> {
  loginAttempts += 1;
  return send(base, 'POST', '/api/sys/user/login', undefined, { username, password, code: '2', ...captcha });
}

/**
 * Issue 15, scale-out: two stateless server processes on one PostgreSQL, each with its own data
 * folder, behind a round-robin. Whatever one process stores, the other must see: sessions, drafts
 * and their versions, captchas, login failures and attachments.
 */
describe.skipIf(!TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: RoundRobinProxy;
  let direct: Database;
  const username = `twoproc_${Date.now().toString(36)}`;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    const common = {
      DATABASE_URL: scratch.url,
      NODE_ENV: 'test',
      CAPTCHA_FIXED: TEST_CAPTCHA,
      SCHEMAS_DIR: schemas.dir,
      SCHEMA_SYNC_MS: '250',
    };
    for (let i = 0; i < 2; i += 1) dataDirs.push(await mkdtemp(join(tmpdir(), `kc-process-${i}-`)));
    // Started together: the migrations take turns under their advisory lock.
    [a, b] = await Promise.all([
      startServerProcess({ ...common, DATA_DIR: dataDirs[0] ?? '' }),
      startServerProcess({ ...common, DATA_DIR: dataDirs[1] ?? '' }),
    ]);
    proxy = await startRoundRobinProxy([a.url, b.url]);
    direct = await openPostgres(scratch.url);
    await createUser(direct.db, { username, password: PASSWORD, fullname: '跨进程测试', role: 'applicant', orgName: '双进程科技有限公司' });
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await direct?.close();
    await scratch?.dispose();
    await schemas?.cleanup();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('logs in on one process and saves a draft on the other; the second tab gets 409 across both', async () => {
    const token = (await login(a.url, username, PASSWORD)).body.result?.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await send<{ version: number }>(b.url, 'POST', `${FORM}/firstSaveFormData`, token, { activityId: ACTIVITY });
    expect(first.status).toBe(200);
    const saved = await send<{ version: number }>(a.url, 'POST', `${FORM}/saveOrUpdate`, token, {
      activityId: ACTIVITY,
      step: 'basic',
      version: first.body.data.version,
      data: { projectName: '跨进程草稿' },
    });
    expect(saved.status).toBe(200);
    const stale = await send(b.url, 'POST', `${FORM}/saveOrUpdate`, token, {
      activityId: ACTIVITY,
      step: 'basic',
      version: first.body.data.version,
      data: { projectName: '第二个窗口' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('该申报已在其他窗口或设备上更新，请刷新后再编辑');
    const query = await send<{ data: { basic?: { projectName?: string } } }>(b.url, 'GET', `${FORM}/query?activityId=${ACTIVITY}`, token);
    expect(query.body.data.data.basic?.projectName).toBe('跨进程草稿');
    // Logged out on one, refused on the other.
    expect((await send(b.url, 'POST', '/api/sys/user/logout', token)).status).toBe(200);
    expect((await send(a.url, 'GET', `${FORM}/query?activityId=${ACTIVITY}`, token)).status).toBe(401);
  });

  it('Lock a logged-in user from another process: their next request is 401', async () => {
    // Sessions straight in the database: the login limit of this file is counted by the last test.
    const adminId = await createUser(direct.db, {
      username: `lockadmin_${Date.now().toString(36)}`,
      password: PASSWORD,
      fullname: '锁定管理员',
      // Locks are the security administrator's (三权分立, ADR 0068).
      role: 'securityAdmin',
      orgName: '市科学技术委员会',
    });
    const victimId = await createUser(direct.db, {
      username: `lockvictim_${Date.now().toString(36)}`,
      password: PASSWORD,
      fullname: '被锁定用户',
      role: 'applicant',
      orgName: '双进程科技有限公司',
    });
    const adminToken = await createSession(direct.db, adminId, new Date());
    const victimToken = await createSession(direct.db, victimId, new Date());
    // Both processes serve the victim's session, so B has seen it live before the lock.
    for (const base of [a.url, b.url])
      expect((await send(base, 'GET', '/api/integrity/app/user/settings/info', victimToken)).status).toBe(200);
    const version = (await direct.db.select({ version: users.version }).from(users).where(eq(users.id, victimId)))[0]?.version;
    const locked = await send<{ status: string }>(a.url, 'POST', '/api/resources/sys-user/transitions/lock', adminToken, {
      id: victimId,
      version,
    });
    expect(locked.status).toBe(200);
    expect(locked.body.data.status).toBe('locked');
    // SECURITY R11: the very next request, on the other process, is refused.
    expect((await send(b.url, 'GET', '/api/integrity/app/user/settings/info', victimToken)).status).toBe(401);
    expect((await send(a.url, 'GET', '/api/integrity/app/user/settings/info', victimToken)).status).toBe(401);
    expect((await send(b.url, 'GET', '/api/integrity/app/user/settings/info', adminToken)).status).toBe(200);
  });

  it('answers on one process the captcha fetched from the other, once', async () => {
    const token = (await login(b.url, username, PASSWORD)).body.result?.token;
    // No captcha fetched yet: refused on both.
    expect((await send(a.url, 'POST', '/api/sys/person/message/create', token, validMessage())).body.code).toBe(400);
    const image = await fetch(`${a.url}/api/sys/person/message/loginCode`, { headers: { authorization: `Bearer ${token}` } });
    expect(image.status).toBe(200);
    const created = await send(b.url, 'POST', '/api/sys/person/message/create', token, validMessage());
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 0, msg: '留言成功' });
    // Used up, on both.
    expect((await send(a.url, 'POST', '/api/sys/person/message/create', token, validMessage())).body.code).toBe(400);
  });

  it('uploads on one process and downloads on the other, with nothing on either data folder', async () => {
    const token = (await login(a.url, username, PASSWORD)).body.result?.token ?? '';
    const content = SAMPLE_FILES.pdf(700 * 1024);
    const body = multipartBody({ activityId: ACTIVITY, step: 'files', field: 'license' }, { filename: '营业执照.pdf', content });
    const uploaded = await fetch(`${a.url}${FORM}/attachment/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status).toBe(200);
    const ref = ((await uploaded.json()) as { data: { id: string } }).data;
    const downloaded = await fetch(`${b.url}${FORM}/attachment/${ref.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toContain(encodeURIComponent('营业执照.pdf'));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(content)).toBe(true);
    for (const dir of dataDirs) expect(await readdir(join(dir, 'uploads'))).toEqual([]);
  });

  it('publishes a schema on one process from the studio; the other process serves it without a restart', async () => {
    const editorId = await createUser(direct.db, {
      username: `studio_${Date.now().toString(36)}`,
      password: PASSWORD,
      fullname: '表单设计员',
      role: 'editor',
      orgName: '市科学技术委员会',
    });
    // A session straight in the database: the login limit of this file is counted by the last test.
    const token = await createSession(direct.db, editorId, new Date());
    const unit = await send<{ version: string; files: Record<string, string> }>(
      a.url,
      'GET',
      `/api/studio/unit?kind=activity&name=${ACTIVITY}`,
      token,
    );
    expect(unit.status).toBe(200);
    const files = {
      ...unit.body.data.files,
      'basic.schema.json': (unit.body.data.files['basic.schema.json'] ?? '').replace('"maxLength": 50', '"maxLength": 12'),
    };
    const published = await send<{ version: string }>(a.url, 'POST', '/api/studio/publish', token, {
      kind: 'activity',
      name: ACTIVITY,
      files,
      baseVersion: unit.body.data.version,
    });
    expect(published.status).toBe(200);
    // Process b polls every 250 ms.
    await expect
      .poll(async () => (await send<{ version: string }>(b.url, 'GET', `/api/schemas/activities/${ACTIVITY}`)).body.data.version, {
        timeout: 10_000,
      })
      .toBe(published.body.data.version);
    const detail = await send<{ steps: { schema: { properties: Record<string, { maxLength?: number }> } }[] }>(
      b.url,
      'GET',
      `/api/schemas/activities/${ACTIVITY}`,
    );
    expect(detail.body.data.steps[0]?.schema.properties['projectName']?.maxLength).toBe(12);
  });

  it('counts failed logins across both processes behind the round-robin, and asks both for the captcha', async () => {
    const victim = `locked_${Date.now().toString(36)}`;
    await createUser(direct.db, {
      username: victim,
      password: PASSWORD,
      fullname: '锁定测试',
      role: 'applicant',
      orgName: '双进程科技有限公司',
    });
    const before = proxy.served.length;
    for (let i = 0; i < 3; i += 1) expect((await login(proxy.url, victim, 'Wrong-password-1')).status).toBe(401);
    // The failures went to both processes in turn, and both now want the captcha.
    expect(new Set(proxy.served.slice(before)).size).toBe(2);
    for (const base of [a.url, b.url])
      expect((await login(base, victim, PASSWORD)).body).toMatchObject({ msg: '请输入验证码', reason: 'captchaRequired' });
    const captcha = await send<{ captchaId: string }>(a.url, 'GET', '/api/oauth/loginCode');
    const answered = await login(b.url, victim, PASSWORD, { captchaId: captcha.body.data.captchaId, captcha: TEST_CAPTCHA });
    expect(answered.status).toBe(200);
    expect(answered.body.result?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('holds one login limit per address across both processes: ten a minute in all, then 429 on both', async () => {
    const statuses: number[] = [];
    while (loginAttempts < 12) statuses.push((await login(proxy.url, username, 'Wrong-password-2')).status);
    // This file has made twelve attempts within the minute; the eleventh and twelfth were refused,
    // whichever process they reached. One limit per process would have let twenty through.
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(statuses.slice(0, -2).every((status) => status !== 429)).toBe(true);
    for (const base of [a.url, b.url]) expect((await login(base, username, PASSWORD)).status).toBe(429);
  });
});
