// npm run audit:verify-archive [-- --dir <folder>] [-- --from-first-archive]
// Checks the audit trail end to end (SECURITY R32, R33, ADR 0069): every archive the retention job wrote
// (AUDIT_ARCHIVE_DIR, by default <DATA_DIR>/archive), line by line from the genesis hash, then the audit
// table from where the last archive ends, on the database the server would use (DATABASE_URL, or the
// embedded DATA_DIR, which the running server must release first). Prints each archive's row count and
// SHA-256 (compare them with its AUDIT_RETENTION row) and exits 1 at the first break, naming the file,
// the line and the row id. --from-first-archive: the oldest archive here need not start at the genesis
// (older archives kept elsewhere, or rows removed before archives existed).
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { auditArchiveDirOf, loadConfig } from '../src/server/config/server-config';
import { openDatabase } from '../src/server/db/open-database';
import { verifyAuditArchives } from '../src/server/services/audit/verify-audit-archives';

const { values } = parseArgs({ options: { dir: { type: 'string' }, 'from-first-archive': { type: 'boolean', default: false } } });
const config = loadConfig();
const dir = values.dir === undefined ? auditArchiveDirOf(config) : resolve(values.dir);
const database = await openDatabase(config);
let failed = true;
try {
  const result = await verifyAuditArchives(database.db, dir, { fromFirstArchive: values['from-first-archive'] });
  for (const archive of result.archives) console.log(`${archive.name}  ${archive.count} rows  sha256 ${archive.sha256}`);
  for (const name of result.uncommitted) console.log(`${name}  not committed (its rows are still in the table): not part of the chain`);
  if (result.problem) {
    const { file, line, id, reason } = result.problem;
    console.error(
      `audit:verify-archive: BROKEN at ${file}${line > 0 ? ` line ${line}` : ''}${id === null ? '' : ` (id ${id})`}: ${reason}`,
    );
  } else {
    console.log(`audit:verify-archive: ${result.archives.length} archives in ${dir} and the audit table verify as one chain`);
    failed = false;
  }
} finally {
  // Closed before anything exits: the embedded database writes its last pages on close.
  await database.close();
}
process.exitCode = failed ? 1 : 0;
