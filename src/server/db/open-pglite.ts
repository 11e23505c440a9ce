import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';

/** The PGlite files live in a sub-folder so the lock file can sit beside them in DATA_DIR. */
export const PGLITE_SUBDIR = 'pglite';

function wrap(client: PGlite, release: () => void): Database {
  // Drizzle's own PGlite driver: PGlite behind pg's Pool hangs (STACK trap 12).
  const db = drizzle({ client });
  // pg-boss, and pg, cron-parser and luxon behind it, load at the job queue's first statement, after
  // the server listens, rather than with the server (issue 16). One adapter: it keeps session state.
  let jobQueueSql: Promise<Database['executeSql']> | undefined;
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    // pg-boss's own adapter: multi-statement SQL through exec, and an aborted transaction rolled back
    // so that PGlite's single connection behaves like a pool's fresh one.
    executeSql: async (text, values) => {
      jobQueueSql ??= import('pg-boss').then(({ fromPglite }) => fromPglite(client).executeSql);
      return (await jobQueueSql)(text, values);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Embedded PGlite in DATA_DIR: created on first start (parents included) and reused afterwards. */
export async function openPgliteDir(dataDir: string): Promise<Database> {
  const release = await acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(join(dataDir, PGLITE_SUBDIR));
    return wrap(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** An in-memory PGlite, optionally loaded from a dumpDataDir() tarball (the tests' migrated template). */
export async function openPgliteMemory(loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  return wrap(client, () => undefined);
}
