import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('npm start on a public address (issue 15: safe demo defaults)', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });

  it('refuses to start the embedded demo on HOST=0.0.0.0, says why, and creates nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kc-public-demo-'));
    made.push(dataDir);
    const env = { ...process.env, HOST: '0.0.0.0', PORT: '0', DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' };
    const outcome = await run('node_modules/.bin/tsx', ['src/server/server.ts'], { env, timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code ?? -1, stderr: error.stderr ?? '' }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('refusing to start: HOST=0.0.0.0 is reachable from other machines');
    expect(outcome.stderr).toContain('ALLOW_PUBLIC_DEMO=true');
    // Refused before the database was opened or a demo account seeded.
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses to start in production with no SMS or mail sender configured, and says what to set (ADR 0034)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kc-no-sender-'));
    made.push(dataDir);
    const env = {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      SMS_SENDER: '',
      MAIL_SENDER: '',
      SMTP_URL: '',
    };
    const outcome = await run('node_modules/.bin/tsx', ['src/server/server.ts'], { env, timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code ?? -1, stderr: error.stderr ?? '' }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('refusing to start: NODE_ENV=production but no SMS sender is configured');
    expect(outcome.stderr).toContain('SMS_SENDER=none');
    expect(outcome.stderr).toContain('MAIL_SENDER=none');
    // No stack trace, and nothing opened.
    expect(outcome.stderr).not.toMatch(/\bat .+\.(js|ts):\d+/);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
