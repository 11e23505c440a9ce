import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../../src/server/db/database';
import { openPostgres } from '../../../src/server/db/open-postgres';
import { givePglite, takePglite } from './pglite-pool';
import { migrationsKey } from './pglite-template';

/** Set by scripts/test-all.sh (a throwaway PostgreSQL 15 cluster); unset means PGlite. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] || undefined;

export interface TestDatabase {
  database: Database;
  /**
   * The next database.close() (the app's, as it closes) leaves an embedded database open, for dispose to
   * hand back to the pool (pglite-pool.ts). A close before this one, as a test that takes the database
   * away does, closes it for good.
   */
  keepOpenOnClose(): void;
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

/**
 * An empty database on the test cluster for server processes to open themselves (PostgreSQL only), or
 * a copy of `template`.
 */
export async function createScratchDatabase(template?: string): Promise<{ url: string; dispose(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('createScratchDatabase needs TEST_DATABASE_URL');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dispose: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

// Any constant works; it only has to be the same in every test worker.
const TEMPLATE_LOCK_KEY = 7_202_929;
let postgresTemplate: Promise<string> | undefined;

/**
 * A migrated, empty database on the test cluster to copy from, like pgliteTemplate(): migrating a new
 * database costs more than CREATE DATABASE … TEMPLATE copying one. Named by the migrations, so a server
 * that outlives the run never hands out a stale one; the workers take turns to make it (an advisory lock),
 * and the maker disconnects before the others copy it (PostgreSQL refuses a template in use).
 */
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `kc_template_${await migrationsKey()}`;
    await withAdmin(async (client) => {
      await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount) return;
        const building = `${name}_partial`;
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${building}`);
        const url = new URL(TEST_DATABASE_URL ?? '');
        url.pathname = `/${building}`;
        const database = await openPostgres(url.toString());
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        // Renamed once complete, so a run that dies while migrating leaves no half-made template.
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
      }
    });
    return name;
  })();
  return postgresTemplate;
}

/**
 * A fresh database for one test file: an in-memory PGlite, emptied from an earlier test or loaded from the
 * migrated template (pglite-pool.ts), or, with TEST_DATABASE_URL, a new database on that server, copied
 * from a migrated template and dropped afterwards. The app's start still runs the migrations, and finds
 * them applied, as on a restart.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const pglite = await takePglite();
    let keepOpen = false;
    let closed = false;
    const database: Database = {
      ...pglite,
      close: async () => {
        if (keepOpen || closed) return;
        closed = true;
        await pglite.close();
      },
    };
    return {
      database,
      keepOpenOnClose: () => void (keepOpen = true),
      dispose: async () => {
        if (closed) return;
        closed = true;
        await givePglite(pglite);
      },
    };
  }
  const scratch = await createScratchDatabase(await postgresTemplateName());
  return { database: await openPostgres(scratch.url), keepOpenOnClose: () => undefined, dispose: scratch.dispose };
}
