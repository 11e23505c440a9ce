import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../../src/server/db/migrations-folder';
import { findProjectRoot, PROJECT_ROOT } from '../../../src/server/lib/project-root';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The server finds its run-time files from the project root, whether it runs from src/server or from the bundle in dist/server (issue 16). */
describe('the project root', () => {
  it('is the folder with package.json, from the sources and from where the bundle lives', () => {
    expect(PROJECT_ROOT).toBe(ROOT);
    expect(findProjectRoot(join(ROOT, 'dist/server'))).toBe(ROOT);
    expect(findProjectRoot(join(ROOT, 'src/server/services/excel'))).toBe(ROOT);
  });

  it('holds the files the server reads at run time', () => {
    expect(existsSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'))).toBe(true);
    expect(existsSync(join(PROJECT_ROOT, 'src/server/services/excel/read-sheet.worker.mjs'))).toBe(true);
    expect(existsSync(join(PROJECT_ROOT, 'src/server/services/passwords/common-passwords.txt'))).toBe(true);
  });
});
