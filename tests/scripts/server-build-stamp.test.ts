import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_STAMP_FILE, serverIsCurrent, writeServerStamp } from '../../scripts/lib/server-build-stamp.mjs';

/** npm start bundles the server again only when a file the bundle was made from changed (issue 16). */
describe('the server build stamp', () => {
  let root = '';
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  const BUNDLED = ['src/server/server.ts', 'src/shared/a.ts', 'schemas/api/a.schema.json'];

  async function builtProject(): Promise<{ serverDir: string }> {
    root = await mkdtemp(join(tmpdir(), 'kc-server-stamp-'));
    made.push(root);
    for (const dir of ['src/server', 'src/shared', 'schemas/api', 'schemas/forms', 'scripts/lib', 'dist/server'])
      await mkdir(join(root, dir), { recursive: true });
    for (const file of [...BUNDLED, 'schemas/forms/f.schema.json', 'package-lock.json', 'tsconfig.json', 'scripts/lib/build-server.mjs'])
      await writeFile(join(root, file), `// ${file}`);
    const serverDir = join(root, 'dist/server');
    await writeFile(join(serverDir, SERVER_ENTRY), 'export {};');
    writeServerStamp(root, serverDir, BUNDLED);
    return { serverDir };
  }

  it('is current after a build, and stays so when a file outside the bundle changes', async () => {
    const { serverDir } = await builtProject();
    expect(serverIsCurrent(root, serverDir)).toBe(true);
    // Read at run time, not bundled: editing a form must not cost a rebuild.
    await writeFile(join(root, 'schemas/forms/f.schema.json'), '{"title":"新"}');
    await writeFile(join(root, 'src/server/not-imported.ts'), 'export {};');
    expect(serverIsCurrent(root, serverDir)).toBe(true);
  });

  it.each([
    ['a bundled source', 'src/shared/a.ts'],
    ['a bundled schema', 'schemas/api/a.schema.json'],
    ['the lock file', 'package-lock.json'],
    ['the build options', 'scripts/lib/build-server.mjs'],
  ])('is stale after %s changes', async (_what, file) => {
    const { serverDir } = await builtProject();
    await writeFile(join(root, file), '// changed');
    expect(serverIsCurrent(root, serverDir)).toBe(false);
  });

  it('is stale when a bundled file is gone, the bundle is gone, or the stamp is missing or unreadable', async () => {
    let { serverDir } = await builtProject();
    await rm(join(root, 'src/shared/a.ts'));
    expect(serverIsCurrent(root, serverDir)).toBe(false);

    ({ serverDir } = await builtProject());
    await rm(join(serverDir, SERVER_ENTRY));
    expect(serverIsCurrent(root, serverDir)).toBe(false);

    ({ serverDir } = await builtProject());
    await writeFile(join(serverDir, SERVER_STAMP_FILE), '{"hash":');
    expect(serverIsCurrent(root, serverDir)).toBe(false);
    await rm(join(serverDir, SERVER_STAMP_FILE));
    expect(serverIsCurrent(root, serverDir)).toBe(false);
  });
});
