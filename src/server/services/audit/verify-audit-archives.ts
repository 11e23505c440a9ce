import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditAnchor } from '../../db/schema';
import { listAuditArchives } from './audit-archive-files';
import { AUDIT_GENESIS_HASH } from './audit-hash';
import { checkAuditArchive } from './check-audit-archive';
import { verifyAuditChain } from './verify-audit-chain';
import { AUDIT_ANCHOR_ID } from './write-audit';

export interface AuditArchiveProblem {
  /** The archive's name, or 'audit_log' for the table. */
  file: string;
  /** The line in the archive (from 1); 0 for the file as a whole or the table. */
  line: number;
  id: number | null;
  reason: string;
}

export interface AuditArchiveVerification {
  /** The archives read, oldest first, each with its rows and SHA-256 (compare with its AUDIT_RETENTION row). */
  archives: Array<{ name: string; count: number; sha256: string }>;
  /** Archives whose deletion never committed (their rows are still in the table): not part of the chain. */
  uncommitted: string[];
  /** Null when the archives and the table are one unbroken chain from the genesis hash. */
  problem: AuditArchiveProblem | null;
}

/**
 * Checks the whole audit trail end to end (SECURITY R32, R33, ADR 0069): the archives in `dir`, oldest
 * first, from the genesis hash (or, with `fromFirstArchive`, from whatever the oldest archive kept names:
 * for a log whose early rows were deleted before archives existed, or whose older archives are held
 * elsewhere), each line chained to the one before across files; the anchor the table starts from equal to
 * the last archive's last hash and id; then every row of the table from that anchor. Reports the first
 * break: the file, line and id of a changed, removed or reordered line, a missing archive, or the table's
 * first bad row.
 */
export async function verifyAuditArchives(
  db: Pick<Db, 'select'>,
  dir: string,
  options: { fromFirstArchive?: boolean } = {},
): Promise<AuditArchiveVerification> {
  const anchor = (await db.select().from(auditAnchor).where(eq(auditAnchor.id, AUDIT_ANCHOR_ID)).limit(1))[0];
  const throughId = anchor?.throughId ?? 0;
  const all = await listAuditArchives(dir);
  const committed = all.filter((archive) => archive.fromId <= throughId);
  const result: AuditArchiveVerification = {
    archives: [],
    uncommitted: all.filter((archive) => archive.fromId > throughId).map((archive) => archive.name),
    problem: null,
  };
  let prev: string | undefined = options.fromFirstArchive ? undefined : AUDIT_GENESIS_HASH;
  let lastId = 0;
  for (const archive of committed) {
    if (archive.fromId <= lastId) {
      result.problem = { file: archive.name, line: 0, id: archive.fromId, reason: `overlaps the archive before (through id ${lastId})` };
      return result;
    }
    // From the oldest archive kept: its first line says where it goes on from, and the rest must follow it.
    const start = prev ?? (await firstPrevHash(archive.path));
    const check = await checkAuditArchive(archive.path, start, archive);
    if (!check.ok) {
      const missing = check.line === 1 && check.reason.startsWith('prev_hash') ? ' (an archive before it is missing or changed)' : '';
      result.problem = { file: archive.name, line: check.line, id: check.id, reason: `${check.reason}${missing}` };
      return result;
    }
    result.archives.push({ name: archive.name, count: check.count, sha256: check.sha256 });
    prev = check.lastHash;
    lastId = check.lastId;
  }
  if (anchor) {
    if (prev === undefined) {
      result.problem = {
        file: 'audit_log',
        line: 0,
        id: anchor.throughId,
        reason: 'the rows the anchor says were removed are in no archive here',
      };
      return result;
    }
    if (anchor.hash !== prev || anchor.throughId !== lastId) {
      const reason =
        prev === AUDIT_GENESIS_HASH
          ? `rows through id ${anchor.throughId} were removed, and no archive here holds them`
          : `the table goes on from id ${anchor.throughId}, but the archives end at id ${lastId} with another hash`;
      result.problem = { file: 'audit_log', line: 0, id: anchor.throughId, reason };
      return result;
    }
  }
  const brokenAt = await verifyAuditChain(db);
  if (brokenAt !== null) result.problem = { file: 'audit_log', line: 0, id: brokenAt, reason: 'the table’s chain breaks at this row' };
  return result;
}

/** The prev_hash of an archive's first line ('' when it has none): where the oldest archive kept goes on from. */
async function firstPrevHash(path: string): Promise<string> {
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const value: unknown = JSON.parse(line);
      const prevHash = (value as { prev_hash?: unknown }).prev_hash;
      return typeof prevHash === 'string' ? prevHash : '';
    }
    return '';
  } finally {
    lines.close();
  }
}
