import { createReadStream } from 'node:fs';
import { mkdir, open as openFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from './file-store';

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * `<dataDir>/uploads/<id>`: the embedded default, for one process. The temporary file is renamed
 * into place on the same file system, so a crash leaves either the whole file or a tmp- leftover.
 */
export async function createDiskFileStore(dir: string): Promise<FileStore> {
  await mkdir(dir, { recursive: true });
  return {
    kind: 'disk',
    tmpDir: dir,
    async putFile(id, tmpPath) {
      await rename(tmpPath, join(dir, id));
    },
    async putBytes(id, content) {
      const path = join(dir, id);
      await writeFile(path, content, { mode: 0o600 });
      const handle = await openFile(path, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async open(id) {
      const path = join(dir, id);
      return (await isFile(path)) ? createReadStream(path) : undefined;
    },
    async remove(id) {
      await rm(join(dir, id), { force: true });
    },
  };
}
