import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../../src/server/db/database';
import { openPgliteMemory } from '../../../src/server/db/open-pglite';
import { openPostgres } from '../../../src/server/db/open-postgres';
import { pgliteTemplate } from './pglite-template';

/** Set by scripts/test-all.sh (a throwaway PostgreSQL 15 cluster); unset means PGlite. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] || undefined;

export interface TestDatabase {
  database: Database;
  /** Drops what open created; call after the app (which closes the connection) is closed. */
  dispose(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** An empty database on the test cluster for server processes to open themselves (PostgreSQL only). */
export async function createScratchDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('createScratchDatabase needs TEST_DATABASE_URL');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), dispose: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}

/**
 * A fresh database for one test file: an in-memory PGlite loaded from the migrated template, or,
 * with TEST_DATABASE_URL, a new database on that server that is dropped afterwards.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    return { database: await openPgliteMemory(await pgliteTemplate()), dispose: async () => undefined };
  }
  const scratch = await createScratchDatabase();
  return { database: await openPostgres(scratch.url), dispose: scratch.dispose };
}
