import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { auditArchiveName } from './audit-archive-files';
import { auditArchiveLine, auditChainProblem, type AuditRow } from './audit-archive-line';
import { checkAuditArchive } from './check-audit-archive';

export interface WrittenAuditArchive {
  name: string;
  path: string;
  fromId: number;
  toId: number;
  count: number;
  /** The last row's hash: where the chain goes on, in the next archive or the table. */
  lastHash: string;
  sha256: string;
}

/** The rows to archive are not one unbroken chain: nothing is written, and retention deletes nothing. */
export class AuditChainBrokenError extends Error {
  constructor(
    readonly id: number,
    reason: string,
  ) {
    super(`audit row ${id}: ${reason}; retention refuses to archive or delete a broken chain`);
  }
}

async function fsyncPath(path: string, flags: string): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes rows, in id order, to a gzip JSON-lines archive in `dir` (SECURITY R33, ADR 0069) and returns
 * it once it is safe to delete them: checked to be one chain going on from `startHash` while written,
 * fsynced, read back and checked again line by line, then given its final name
 * (`audit-<first>-<last>.jsonl.gz`) and the folder fsynced. Until then the file has a hidden temporary
 * name, removed on any failure. Null when there were no rows.
 */
export async function writeAuditArchive(
  dir: string,
  startHash: string,
  pages: AsyncIterable<AuditRow[]>,
): Promise<WrittenAuditArchive | null> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.audit-${randomBytes(6).toString('hex')}.jsonl.gz.partial`);
  let prev = startHash;
  let count = 0;
  let fromId = 0;
  let toId = 0;
  async function* lines(): AsyncGenerator<string> {
    for await (const page of pages) {
      let chunk = '';
      for (const row of page) {
        const problem = auditChainProblem(row, prev);
        if (problem) throw new AuditChainBrokenError(row.id, problem);
        if (count === 0) fromId = row.id;
        count += 1;
        toId = row.id;
        prev = row.hash;
        chunk += `${auditArchiveLine(row)}\n`;
      }
      if (chunk) yield chunk;
    }
  }
  try {
    await pipeline(
      Readable.from(lines()),
      createGzip({ level: constants.Z_DEFAULT_COMPRESSION }),
      createWriteStream(temporary, { mode: 0o600, flags: 'wx' }),
    );
    if (count === 0) {
      await rm(temporary, { force: true });
      return null;
    }
    await fsyncPath(temporary, 'r+');
    // Read back from the disk, not trusted from memory: what is deleted next must be in this file.
    const check = await checkAuditArchive(temporary, startHash, { fromId, toId });
    if (!check.ok) throw new Error(`the archive read back is not what was written: line ${check.line}: ${check.reason}`);
    if (check.count !== count || check.lastHash !== prev) throw new Error('the archive read back does not hold every row written');
    const name = auditArchiveName(fromId, toId);
    const path = join(dir, name);
    // A link, not a rename: it refuses to replace an archive already there (EEXIST) rather than lose it.
    await link(temporary, path);
    await rm(temporary);
    await fsyncPath(dir, 'r');
    return { name, path, fromId, toId, count, lastHash: prev, sha256: check.sha256 };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
