import type { Database } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';

// Any constant works; it only has to be the same in every server process.
const MIGRATION_LOCK_KEY = 7_202_602;

/** A PostgreSQL server through DATABASE_URL. Several server processes may share it. */
export async function openPostgres(connectionString: string): Promise<Database> {
  // Loaded here, not at the top: the embedded database never needs them, and in the server bundle a
  // static import of a package is loaded at every start whichever database is used (issue 16).
  const [{ drizzle }, { migrate }, { default: pg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('pg'),
  ]);
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool });
  return {
    db,
    kind: 'postgres',
    // Processes starting together take turns: the advisory lock lives on one connection.
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    // pg answers a text of several statements (pg-boss's maintenance pass) with one result per statement:
    // their rows together, as pg-boss's own adapters give them. Taking `.rows` of that array gave undefined,
    // so every supervise pass threw before expiring a dead worker's attempt (ADR 0034, ADR 0069).
    executeSql: async (text, values) => {
      const result: unknown = await pool.query(text, values);
      const results = (Array.isArray(result) ? result : [result]) as Array<{ rows?: unknown[] }>;
      return { rows: results.flatMap((one) => one.rows ?? []) };
    },
    close: () => pool.end(),
  };
}
