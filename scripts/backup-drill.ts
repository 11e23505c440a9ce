/*
 * The backup-and-restore drill (issue 15, docs/deployment.md): on the PostgreSQL server named by
 * DRILL_DATABASE_URL (or TEST_DATABASE_URL), build a portal with the demo content in a scratch
 * database, back it up with pg_dump, restore it with pg_restore into another, and prove the copy
 * is the same portal: every table's row count and content digest, the audit chain, a login and an
 * attachment download. Prints each figure; exits 1 on the first difference. `npm run test:all` runs
 * it against its throwaway cluster.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/server-config';
import { DEMO_PASSWORD } from '../src/server/seed/seed-demo-users';
import { openPostgres } from '../src/server/db/open-postgres';
import { verifyAuditChain } from '../src/server/services/audit/verify-audit-chain';
import { writeAudit } from '../src/server/services/audit/write-audit';

const run = promisify(execFile);
const PG_BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';
const adminUrl = process.env['DRILL_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];

function databaseUrl(name: string): string {
  const url = new URL(adminUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Every table in public and pgboss: its row count and an md5 over its rows in a stable order. */
async function fingerprint(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    );
    const prints = new Map<string, string>();
    for (const { schema, name } of tables.rows) {
      const qualified = `"${schema}"."${name}"`;
      const result = await client.query<{ rows: string; digest: string | null }>(
        `SELECT count(*)::text AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${qualified} t`,
      );
      const row = result.rows[0];
      prints.set(qualified, `${row?.rows ?? '?'} rows ${row?.digest ?? '-'}`);
    }
    return prints;
  } finally {
    await client.end();
  }
}

// The master key of personal data travels beside the backup, never in it (ADR 0066): both portals share it.
const DRILL_DATA_KEY = randomBytes(32).toString('base64');

async function portalOn(url: string, dataDir: string) {
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url, DATA_KEY: DRILL_DATA_KEY };
  const config = { ...loadConfig(env), clientDir: join(dataDir, 'no-client') };
  return buildApp({ config, seedDemoUsers: true });
}

async function main(): Promise<void> {
  if (!adminUrl) throw new Error('set DRILL_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server the drill may create databases on');
  const suffix = Date.now().toString(36);
  const source = `drill_src_${suffix}`;
  const copy = `drill_copy_${suffix}`;
  const work = await mkdtemp(join(tmpdir(), 'kc-backup-drill-'));
  const started = Date.now();
  try {
    await admin(`CREATE DATABASE ${source}`);
    await admin(`CREATE DATABASE ${copy}`);
    // The portal as production runs it: migrated, with content, attachments in the database and audit rows.
    const app = await portalOn(databaseUrl(source), join(work, 'source'));
    for (let i = 0; i < 5; i += 1) {
      await writeAudit(app.database.db, { event: 'LOGOUT', result: 'success', ip: '127.0.0.1', requestId: `drill-${i}`, at: new Date() });
    }
    await app.close();

    const dumpFile = join(work, 'portal.dump');
    await run(join(PG_BIN, 'pg_dump'), ['--format=custom', '--no-owner', `--file=${dumpFile}`, `--dbname=${databaseUrl(source)}`]);
    await run(join(PG_BIN, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl(copy)}`, dumpFile]);
    const restoreSeconds = (Date.now() - started) / 1000;

    const [before, after] = [await fingerprint(databaseUrl(source)), await fingerprint(databaseUrl(copy))];
    let differences = 0;
    for (const [table, print] of before) {
      const restored = after.get(table);
      if (restored !== print) differences += 1;
      console.log(
        `${restored === print ? 'same' : 'DIFFERENT'}  ${table}  ${print}${restored === print ? '' : `  restored: ${restored ?? 'missing'}`}`,
      );
    }
    if (differences > 0 || before.size !== after.size) throw new Error(`${differences} table(s) differ after the restore`);

    // The restored copy is a working portal: its audit chain holds, a demo user logs in and downloads a file.
    const restored = await openPostgres(databaseUrl(copy));
    const brokenAt = await verifyAuditChain(restored.db);
    // The backup holds accounts' phones and e-mail sealed: none of the demo's numbers or addresses in clear.
    const clear = await restored.executeSql(`SELECT count(*)::int AS n FROM users WHERE phone LIKE '138%' OR email LIKE '%@example.com'`);
    if ((clear.rows[0] as { n?: number } | undefined)?.n !== 0) throw new Error('the backup holds accounts’ phones or e-mail in clear');
    await restored.close();
    if (brokenAt !== null) throw new Error(`the restored audit chain breaks at row ${brokenAt}`);
    const portal = await portalOn(databaseUrl(copy), join(work, 'copy'));
    try {
      const login = await portal.inject({
        method: 'POST',
        url: '/api/sys/user/login',
        payload: { username: 'applicant', password: DEMO_PASSWORD, code: '2' },
      });
      const token = login.json<{ result?: { token?: string } }>().result?.token;
      if (!token) throw new Error(`login on the restored copy failed: ${login.body}`);
      const files = await portal.database.executeSql(
        `SELECT id::text AS id FROM attachments a WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id AND u.username = 'applicant') LIMIT 1`,
      );
      const id = (files.rows[0] as { id?: string } | undefined)?.id;
      if (!id) throw new Error('the restored copy has no attachment of the demo applicant');
      const download = await portal.inject({
        method: 'GET',
        url: `/api/sys/form/data/attachment/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (download.statusCode !== 200 || !download.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-')))
        throw new Error(`download on the restored copy failed: ${download.statusCode}`);
      console.log(
        `backup drill: ${before.size} tables identical, audit chain intact, login and a ${download.rawPayload.length}-byte attachment download on the copy; dump and restore in ${restoreSeconds.toFixed(1)} s`,
      );
    } finally {
      await portal.close();
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`).catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`).catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('backup drill failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
