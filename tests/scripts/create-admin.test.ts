import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPgliteDir } from '../../src/server/db/open-pglite';
import { users } from '../../src/server/db/schema';
import { verifyPassword } from '../../src/server/lib/password';

const run = promisify(execFile);

async function createAdmin(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node_modules/.bin/tsx', ['scripts/create-admin.ts', ...args], {
      // As on a real install: production, so no demo accounts or content are seeded beside the administrator.
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** npm run admin:create, as an operator runs it on the embedded data folder (docs/deployment.md). */
describe('npm run admin:create', () => {
  it('prints a one-time password that opens the new administrator, who must change it first', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kc-admin-create-'));
    try {
      const made = await createAdmin(dataDir, '--username', 'opsadmin', '--fullname', '运维管理员');
      expect(made.code, made.stderr).toBe(0);
      const password = made.stdout.trim().split('\n').at(-1) ?? '';
      expect(password).toMatch(/^\S{20}$/);

      const again = await createAdmin(dataDir, '--username', 'OpsAdmin');
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('用户名 OpsAdmin 已存在');
      const badName = await createAdmin(dataDir, '--username', '1x');
      expect(badName.code).toBe(2);
      expect(badName.stderr).toContain('用户名须以字母开头');

      const database = await openPgliteDir(dataDir);
      try {
        const rows = await database.db.select().from(users).where(eq(users.username, 'opsadmin'));
        expect(rows.map(({ role, fullname, mustChangePassword }) => ({ role, fullname, mustChangePassword }))).toEqual([
          { role: 'admin', fullname: '运维管理员', mustChangePassword: true },
        ]);
        expect(await verifyPassword(rows[0]?.passwordHash ?? '', password)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
