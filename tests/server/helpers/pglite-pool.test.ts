import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import { createTestApp } from './test-app';
import { TEST_DATABASE_URL } from './test-database';
import { createLoggedInUser } from './test-users';

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const userCount = async (database: Database) =>
  Number((await rows<{ n: string }>(database, sql`SELECT count(*) AS n FROM users WHERE username LIKE 'poolfirst%'`))[0]?.n);

/** The test apps' embedded databases are emptied and used again (pglite-pool.ts): nothing of one test may reach the next. */
describe.skipIf(TEST_DATABASE_URL)('the PGlite pool of the test apps', () => {
  it('hands the next app an emptied database: no rows, no added schema or index, no lock, identities restarted', async () => {
    const first = await createTestApp();
    await createLoggedInUser(first, 'poolfirst', 'admin');
    await first.db.execute(sql`CREATE INDEX pool_probe ON users (fullname)`);
    await first.db.execute(sql`CREATE SCHEMA pool_probe_schema`);
    await first.db.execute(sql`SELECT pg_advisory_lock(4242)`);
    await first.db.execute(sql`SELECT nextval('csp_reports_id_seq')`);
    expect(await userCount(first.database)).toBeGreaterThan(0);
    const used = first.database;
    await first.close();

    const second = await createTestApp();
    try {
      // The same embedded database, emptied (the pool keeps up to two; a fresh one would do too, but not here).
      expect(second.db).toBe(used.db);
      // The app seeds its built-in rows again at start: only those are there, none of the first test's users.
      const usernames = (await rows<{ username: string }>(second.database, sql`SELECT username FROM users`)).map((row) => row.username);
      expect(usernames.filter((name) => name.startsWith('poolfirst'))).toEqual([]);
      expect(await rows(second.database, sql`SELECT is_called FROM csp_reports_id_seq`)).toEqual([{ is_called: false }]);
      expect(await rows(second.database, sql`SELECT 1 FROM pg_indexes WHERE indexname = 'pool_probe'`)).toEqual([]);
      expect(await rows(second.database, sql`SELECT 1 FROM pg_namespace WHERE nspname = 'pool_probe_schema'`)).toEqual([]);
      expect(await rows(second.database, sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory'`)).toEqual([]);
      // The audit log's guard against TRUNCATE still stands.
      await expect(second.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    } finally {
      await second.close();
    }
  });

  it('closes a database a test damaged instead of handing it on', async () => {
    const first = await createTestApp();
    await first.db.execute(sql`DROP TABLE messages`);
    const used = first.database;
    await first.close();

    const second = await createTestApp();
    try {
      expect(second.db).not.toBe(used.db);
      expect(await rows(second.database, sql`SELECT 1 FROM pg_tables WHERE tablename = 'messages'`)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
