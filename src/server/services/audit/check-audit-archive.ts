import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { auditChainProblem, parseAuditArchiveLine } from './audit-archive-line';

export type AuditArchiveCheck =
  | { ok: true; count: number; firstId: number; lastId: number; lastHash: string; sha256: string }
  /** `line` counts from 1; 0 when the file as a whole is wrong (unreadable, empty, misnamed). */
  | { ok: false; line: number; id: number | null; reason: string };

/**
 * Reads one archive back and checks it line by line (SECURITY R32, R33, ADR 0069): every line a row,
 * ids rising, the first line chained to `expectedPrev` and each next one to the line before, every hash
 * matching its row, and the first and last ids those of the file's name. Streams, so an archive never
 * has to fit in memory. The SHA-256 is of the file's bytes, as the AUDIT_RETENTION row names it.
 */
export async function checkAuditArchive(
  path: string,
  expectedPrev: string,
  range: { fromId: number; toId: number },
): Promise<AuditArchiveCheck> {
  const source = createReadStream(path);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  const lines = createInterface({ input: source.pipe(gunzip), crlfDelay: Infinity });
  let prev = expectedPrev;
  let count = 0;
  let firstId = 0;
  let lastId = 0;
  try {
    for await (const line of lines) {
      count += 1;
      let row;
      try {
        row = parseAuditArchiveLine(line);
      } catch (error) {
        return { ok: false, line: count, id: null, reason: `not an audit row: ${(error as Error).message}` };
      }
      if (row.id <= lastId) return { ok: false, line: count, id: row.id, reason: 'ids do not rise' };
      const problem = auditChainProblem(row, prev);
      if (problem) return { ok: false, line: count, id: row.id, reason: problem };
      if (count === 1) firstId = row.id;
      lastId = row.id;
      prev = row.hash;
    }
  } catch (error) {
    return { ok: false, line: 0, id: null, reason: `unreadable: ${(error as Error).message}` };
  } finally {
    lines.close();
    source.destroy();
  }
  if (count === 0) return { ok: false, line: 0, id: null, reason: 'no rows' };
  if (firstId !== range.fromId || lastId !== range.toId)
    return { ok: false, line: 0, id: null, reason: `holds ids ${firstId}-${lastId}, not the ${range.fromId}-${range.toId} its name says` };
  return { ok: true, count, firstId, lastId, lastHash: prev, sha256: await fileSha256(path) };
}

/** The SHA-256 of a file's bytes, read as a stream. */
export async function fileSha256(path: string): Promise<string> {
  const digest = createHash('sha256');
  for await (const chunk of createReadStream(path)) digest.update(chunk as Buffer);
  return digest.digest('hex');
}
