import { rename, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { listAuditArchives } from './audit-archive-files';

/**
 * Before a retention run writes, under the writers' lock: an archive whose rows the anchor does not cover
 * was written by a run whose deletion never committed (a crash, or a failed commit), so its rows are all
 * still in the table. It is renamed `….uncommitted-<time>` (kept, never deleted, and no longer read as part
 * of the chain), so the next archive of those rows can take its name. A temporary file of a write that died
 * is removed: it was never an archive.
 */
export async function setAsideUncommittedArchives(dir: string, anchorThroughId: number, now: Date): Promise<void> {
  for (const archive of await listAuditArchives(dir)) {
    if (archive.fromId > anchorThroughId) await rename(archive.path, `${archive.path}.uncommitted-${now.getTime()}`);
  }
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const name of names) if (name.startsWith('.audit-') && name.endsWith('.partial')) await rm(join(dir, name), { force: true });
}
