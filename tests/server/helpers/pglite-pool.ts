import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/database';
import { openPgliteMemory } from '../../../src/server/db/open-pglite';
import { pgliteTemplate } from './pglite-template';

/**
 * In-memory PGlite databases handed back after a test and emptied for the next one, per test worker
 * (issue 29): loading the migrated template costs ≈ 0.55 s of the ≈ 1.2 s a test app takes to start,
 * emptying a used one ≈ 0.1 s (measured beside a busy machine: 70–160 ms). A database comes back exactly as the template was made, or not at all:
 * - what a test app adds beside the migrations goes: the job queue's schema, the unique-value indexes of a
 *   scratch folder, a table or function a test made;
 * - every table is emptied and its identities restart, the triggers not fired (the audit log refuses TRUNCATE);
 * - the session's state goes (DISCARD ALL: settings, advisory locks, prepared statements, LISTEN);
 * - then the database's shape (schemas, relations, triggers and whether they fire, functions) must equal the
 *   template's, and every table must be empty; otherwise it is closed and a fresh one loaded next time.
 */

const KEPT_IDLE = 2;
const idle: Database[] = [];

// The shape a database may be handed back in: its schemas, relations (tables, indexes, sequences, views),
// triggers with their enabled state, and functions; the system schemas left out.
const SHAPE = sql`
  SELECT string_agg(item, E'\n' ORDER BY item) AS shape FROM (
    SELECT 'schema ' || nspname AS item FROM pg_namespace
      WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
    UNION ALL
    SELECT 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
    UNION ALL
    SELECT 'trigger ' || c.relname || '.' || t.tgname || ' ' || t.tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal
    UNION ALL
    SELECT 'function ' || n.nspname || '.' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
  ) AS items`;

let templateShape: Promise<string> | undefined;

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function shapeOf(database: Database): Promise<string> {
  return (await rows<{ shape: string | null }>(database, SHAPE))[0]?.shape ?? '';
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Empties a used database back to the template's state; false when it cannot be (then it is closed). */
async function empty(database: Database, shape: string): Promise<boolean> {
  const wanted = new Set(shape.split('\n'));
  await database.db.execute(sql`ROLLBACK`).catch(() => undefined);
  await database.db.execute(sql`DISCARD ALL`);
  for (const { nspname } of await rows<{ nspname: string }>(
    database,
    sql`SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
  )) {
    if (!wanted.has(`schema ${nspname}`)) await database.db.execute(sql.raw(`DROP SCHEMA ${quoted(nspname)} CASCADE`));
  }
  for (const { name } of await rows<{ name: string }>(
    database,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'i'`,
  )) {
    if (!wanted.has(`relation public.${name} i`)) await database.db.execute(sql.raw(`DROP INDEX IF EXISTS public.${quoted(name)}`));
  }
  const tables = await rows<{ name: string }>(
    database,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  if (tables.length > 0) {
    // A superuser's replica role fires no ordinary trigger: the audit log's guard against TRUNCATE included.
    await database.db.execute(sql`SET session_replication_role = replica`);
    try {
      await database.db.execute(
        sql.raw(`TRUNCATE ${tables.map(({ name }) => `public.${quoted(name)}`).join(', ')} RESTART IDENTITY CASCADE`),
      );
    } finally {
      await database.db.execute(sql`RESET session_replication_role`);
    }
  }
  if ((await shapeOf(database)) !== shape) return false;
  const counts = tables.map(({ name }) => `SELECT count(*) AS n FROM public.${quoted(name)}`).join(' UNION ALL ');
  const left = counts ? await rows<{ n: number | string }>(database, sql.raw(counts)) : [];
  return left.every(({ n }) => Number(n) === 0);
}

/** A migrated, empty in-memory PGlite: an emptied one when there is one, else loaded from the template. */
export async function takePglite(): Promise<Database> {
  const reused = idle.pop();
  if (reused) return reused;
  const database = await openPgliteMemory(await pgliteTemplate());
  // Read before any test writes to it: the first one loaded is the template as made.
  templateShape ??= shapeOf(database);
  await templateShape;
  return database;
}

/** Hands a database back once its app is closed: emptied for the next test, or closed when it cannot be. */
export async function givePglite(database: Database): Promise<void> {
  const shape = await templateShape;
  let reusable = false;
  if (shape !== undefined && idle.length < KEPT_IDLE) {
    try {
      reusable = await empty(database, shape);
    } catch {
      reusable = false;
    }
  }
  if (reusable) idle.push(database);
  else await database.close();
}
