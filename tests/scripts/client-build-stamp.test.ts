import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientInputsHash, clientIsCurrent, STAMP_FILE } from '../../scripts/lib/client-build-stamp.mjs';

/** npm start rebuilds the client only when what it is built from changed (issue 16). */
describe('the client build stamp', () => {
  let root = '';
  afterEach(() => rm(root, { recursive: true, force: true }));

  async function project(): Promise<string> {
    root = await mkdtemp(join(tmpdir(), 'kc-stamp-'));
    await mkdir(join(root, 'src/client'), { recursive: true });
    await mkdir(join(root, 'schemas/forms'), { recursive: true });
    await writeFile(join(root, 'src/client/main.tsx'), 'export {};');
    await writeFile(join(root, 'schemas/forms/a.schema.json'), '{}');
    await writeFile(join(root, 'vite.config.ts'), 'export default {};');
    return root;
  }

  it('is current after a build of the same inputs, and stale after any input changes or the build is gone', async () => {
    await project();
    const clientDir = join(root, 'dist/client');
    expect(clientIsCurrent(root, clientDir)).toBe(false);
    await mkdir(clientDir, { recursive: true });
    await writeFile(join(clientDir, 'index.html'), '<!doctype html>');
    await writeFile(join(clientDir, STAMP_FILE), `${clientInputsHash(root)}\n`);
    expect(clientIsCurrent(root, clientDir)).toBe(true);

    await writeFile(join(root, 'schemas/forms/a.schema.json'), '{"title":"新"}');
    expect(clientIsCurrent(root, clientDir)).toBe(false);
    await writeFile(join(clientDir, STAMP_FILE), clientInputsHash(root));
    expect(clientIsCurrent(root, clientDir)).toBe(true);

    // A file added, or renamed, is a change too.
    await writeFile(join(root, 'src/client/extra.ts'), 'export {};');
    expect(clientIsCurrent(root, clientDir)).toBe(false);
    await writeFile(join(clientDir, STAMP_FILE), clientInputsHash(root));
    await rm(join(clientDir, 'index.html'));
    expect(clientIsCurrent(root, clientDir)).toBe(false);
  });
});
