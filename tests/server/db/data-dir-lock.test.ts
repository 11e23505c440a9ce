import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE_NAME } from '../../../src/server/db/data-dir-lock';

const LOCK_MODULE = fileURLToPath(new URL('../../../src/server/db/data-dir-lock.ts', import.meta.url));

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Another process holding the lock on `dir` until it is killed -9; resolves once it holds it. */
function holdInChild(dir: string): Promise<{ pid: number; kill9(): Promise<void> }> {
  const script = join(dir, '..', 'hold-lock.mts');
  writeFileSync(
    script,
    `import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};\nawait acquireDataDirLock(${JSON.stringify(dir)});\nconsole.log('held', process.pid);\nsetInterval(() => undefined, 1000);\n`,
  );
  // tsx runs the script in a node process of its own: the holder is that one, whose pid it prints.
  const wrapper = spawn('node_modules/.bin/tsx', [script], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let errors = '';
    wrapper.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    wrapper.on('exit', (code) => reject(new Error(`the child exited with ${code}: ${errors}`)));
    wrapper.stdout.on('data', (chunk: Buffer) => {
      const pid = Number(/held (\d+)/.exec(chunk.toString())?.[1]);
      if (!pid) return;
      wrapper.removeAllListeners('exit');
      resolve({
        pid,
        kill9: async () => {
          process.kill(pid, 'SIGKILL');
          wrapper.kill('SIGKILL');
          while (!gone(pid)) await new Promise((wait) => setTimeout(wait, 50));
        },
      });
    });
  });
}

describe('the DATA_DIR lock (SECURITY R39)', () => {
  const roots: string[] = [];
  const freshDir = (name = 'data') => {
    const root = mkdtempSync(join(tmpdir(), 'kechuang-lock-'));
    roots.push(root);
    return join(root, 'nested', name);
  };
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('creates missing parents, holds a socket in the folder, and removes it on release', async () => {
    const dir = freshDir();
    const release = await acquireDataDirLock(dir);
    expect(lstatSync(join(dir, LOCK_FILE_NAME)).isSocket()).toBe(true);
    release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a folder another process holds, and takes it over once that process is killed -9', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, '..'), { recursive: true });
    const child = await holdInChild(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`is in use by process ${child.pid}`);
    await child.kill9();
    // The socket file is still there; nobody answers on it, whatever pid the next process gets.
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
    const release = await acquireDataDirLock(dir);
    release();
  }, 60_000);

  it('refuses a second holder in the same process too', async () => {
    const dir = freshDir();
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/is in use by process/);
    release();
  });

  it('takes over an older version’s pid file, even one naming a live process', async () => {
    const dir = freshDir();
    (await acquireDataDirLock(dir))();
    writeFileSync(join(dir, LOCK_FILE_NAME), String(process.ppid));
    const release = await acquireDataDirLock(dir);
    release();
  });

  it('locks a folder whose path is too long for a socket file through the abstract namespace', async () => {
    const dir = freshDir('d'.repeat(120));
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/is in use by process/);
    release();
    (await acquireDataDirLock(dir))();
  });
});
