import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderLoops } from '../../scripts/lib/folder-loops';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'folder-loops-'));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('folderLoops', () => {
  it('finds none in src/server', () => {
    expect(folderLoops(path.resolve('src/server'))).toEqual([]);
  });

  it('finds two modules that import each other, and not a one-way import', () => {
    const root = tree({
      'modules/a/a.ts': "import { b } from '../b/b';\nexport const a = b;",
      'modules/b/b.ts': "import type { a } from '../a/a';\nexport const b = 1; export type A = typeof a;",
      'modules/c/c.ts': "import { b } from '../b/b';\nexport const c = b;",
      'services/x/x.ts': 'export const x = 1;',
    });
    expect(folderLoops(root)).toEqual(['modules/a <-> modules/b']);
  });
});
