import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** `audit-<first id>-<last id>.jsonl.gz`, the ids zero-padded so that a listing sorts in chain order. */
const ARCHIVE_NAME = /^audit-(\d+)-(\d+)\.jsonl\.gz$/;
const ID_DIGITS = 12;

export interface AuditArchiveFile {
  name: string;
  path: string;
  fromId: number;
  toId: number;
}

export function auditArchiveName(fromId: number, toId: number): string {
  return `audit-${String(fromId).padStart(ID_DIGITS, '0')}-${String(toId).padStart(ID_DIGITS, '0')}.jsonl.gz`;
}

/** The archives in `dir`, oldest first; none when the folder does not exist yet. */
export async function listAuditArchives(dir: string): Promise<AuditArchiveFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: AuditArchiveFile[] = [];
  for (const name of names) {
    const match = ARCHIVE_NAME.exec(name);
    if (match) files.push({ name, path: join(dir, name), fromId: Number(match[1]), toId: Number(match[2]) });
  }
  return files.sort((a, b) => a.fromId - b.fromId);
}
