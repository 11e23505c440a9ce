import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/lib/build-server.mjs';
import { SERVER_ENTRY, serverIsCurrent } from '../../scripts/lib/server-build-stamp.mjs';
import { freePort } from '../server/helpers/server-process';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * What npm start runs (issue 16): the esbuild bundle under bare Node. It must find what the server
 * reads at run time from the source tree (the migrations, the password list) and every package it
 * imports, which tsx would resolve more leniently than Node does.
 */
describe('the server bundle', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });

  it('builds, is stamped current, and starts on a new data folder to a 200 on /api/health', async () => {
    // Inside the project, as dist/server is, so that node_modules and the project root are found from it.
    await mkdir(join(ROOT, '.tmp'), { recursive: true });
    const outDir = await mkdtemp(join(ROOT, '.tmp/server-bundle-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'kc-server-bundle-'));
    made.push(outDir, dataDir);

    const built = await buildServer(ROOT, outDir);
    expect(built.inputs).toBeGreaterThan(100);
    if (built.stamped) expect(serverIsCurrent(ROOT, outDir)).toBe(true);
    // The map names the sources, so that a stack trace in the log points at src/server.
    const map = JSON.parse(await readFile(join(outDir, `${SERVER_ENTRY}.map`), 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.endsWith('src/server/server.ts'))).toBe(true);

    const port = await freePort();
    // Production: no demo content to seed, so the start is the migrations and the seeds.
    const child = spawn(process.execPath, ['--enable-source-maps', join(outDir, SERVER_ENTRY)], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        JOBS: 'false',
        // A production start without senders is refused unless it says so (ADR 0034): this one sends nothing.
        SMS_SENDER: 'none',
        MAIL_SENDER: 'none',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      let status = 0;
      for (const deadline = Date.now() + 30_000; status !== 200 && Date.now() < deadline && child.exitCode === null;) {
        status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
        if (status !== 200) await new Promise((wait) => setTimeout(wait, 100));
      }
      expect(status, output).toBe(200);
      expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 45_000);
});
