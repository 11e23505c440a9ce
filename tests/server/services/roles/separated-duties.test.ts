import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchSchemas, type Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * 三权分立 (SECURITY R19, ADR 0068) against the schema files: the system administrator publishes resource
 * folders (ADR 0041), so it must not be able to rewrite who may lock an account or read the log. The
 * studio refuses both changes; and should the files be edited on disk, the sources behind 用户管理 and
 * 操作日志 check their own duties, so neither the locks nor the log change hands.
 */
let t: TestApp;
let schemas: { dir: string; dispose(): Promise<void> };
let admin: TestUser;
let auditor: TestUser;

const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload === undefined ? {} : { payload }) });

const LOCK_BY_SECURITY = '"to": "locked", "actor": "reviewer", "permission": "disable"';
const LOCK_BY_ANYONE_WHO_GRANTS = '"to": "locked", "actor": "reviewer", "permission": "update"';
const AUDIT_LOG = '"permission": "integrityLog"';
const AUDIT_LOG_FOR_ADMIN = '"permission": "sysRole"';

async function edit(file: string, from: string, to: string): Promise<void> {
  const path = join(schemas.dir, 'resources', file);
  const text = await readFile(path, 'utf8');
  expect(text).toContain(from);
  await writeFile(path, text.replace(from, to));
}

beforeAll(async () => {
  schemas = await scratchSchemas();
  // Edited on disk before the start, as an operator could: the files, not the studio, say so.
  await edit('sys-user/workflow.json', LOCK_BY_SECURITY, LOCK_BY_ANYONE_WHO_GRANTS);
  await edit('audit-log/resource.json', AUDIT_LOG, AUDIT_LOG_FOR_ADMIN);
  t = await createTestApp({ schemasDir: schemas.dir });
  admin = await createLoggedInUser(t, 'sys', 'admin');
  auditor = await createLoggedInUser(t, 'aud', 'auditAdmin');
});
afterAll(async () => {
  await t.close();
  await schemas.dispose();
});

describe('the separated duties against edited folders', () => {
  it('a lock the files give to sysUser.update is still refused to the system administrator, and audited', async () => {
    const target = await createLoggedInUser(t, 'target');
    const refused = await send(admin, 'POST', '/api/resources/sys-user/transitions/lock', { id: target.id, version: 1 });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await send(target, 'GET', '/api/integrity/app/user/settings/info')).statusCode).toBe(200);
    const denied = await send(auditor, 'POST', '/api/integrity/app/audit/list', { event: 'ACCESS_DENIED' });
    expect(denied.json<Envelope<{ records: { action: string | null }[] }>>().data.records.map((row) => row.action)).toContain(
      'sysUser.disable',
    );
  });

  it('the audit log under a permission the system administrator holds still lists nothing to it', async () => {
    expect((await send(admin, 'POST', '/api/resources/audit-log/lists/all', {})).statusCode).toBe(403);
    // The audit log's own route is unchanged, and the audit administrator still reads it there.
    expect((await send(auditor, 'POST', '/api/integrity/app/audit/list', {})).statusCode).toBe(200);
  });

  it('the studio refuses both changes to the files as they ship', async () => {
    const fresh = await createTestApp();
    try {
      const sys = await createLoggedInUser(fresh, 'sys', 'admin');
      const publish = async (name: string, file: string, from: string, to: string) => {
        const unit = (
          await fresh.app.inject({ method: 'GET', url: `/api/studio/unit?kind=resource&name=${name}`, headers: sys.auth })
        ).json<Envelope<{ files: Record<string, string>; version: string }>>().data;
        const text = unit.files[file] ?? '';
        expect(text).toContain(from);
        return fresh.app.inject({
          method: 'POST',
          url: '/api/studio/publish',
          headers: sys.auth,
          payload: { kind: 'resource', name, files: { ...unit.files, [file]: text.replace(from, to) }, baseVersion: unit.version },
        });
      };
      const lock = await publish('sys-user', 'workflow.json', LOCK_BY_SECURITY, LOCK_BY_ANYONE_WHO_GRANTS);
      expect(lock.statusCode).toBe(400);
      expect(lock.body).toContain('/transitions/lock/permission');
      const log = await publish('audit-log', 'resource.json', AUDIT_LOG, AUDIT_LOG_FOR_ADMIN);
      expect(log.statusCode).toBe(400);
      expect(log.body).toContain('integrityLog');
    } finally {
      await fresh.close();
    }
  });
});
