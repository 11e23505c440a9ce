import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE_NAME } from '../../../src/server/db/data-dir-lock';

describe('the DATA_DIR lock', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kechuang-lock-')), 'nested', 'data');
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(join(dir, '..', '..'), { recursive: true, force: true })));

  it('creates missing parents, writes our pid and removes the file on release', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a directory held by another running process', () => {
    const dir = freshDir();
    acquireDataDirLock(dir)();
    writeFileSync(join(dir, LOCK_FILE_NAME), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process/);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    acquireDataDirLock(dir)();
    writeFileSync(join(dir, LOCK_FILE_NAME), '4194303');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
    release();
  });
});
