import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';

// Any constant works; it only has to be the same in every server process.
const MIGRATION_LOCK_KEY = 7_202_602;

/** A PostgreSQL server through DATABASE_URL. Several server processes may share it. */
export async function openPostgres(connectionString: string): Promise<Database> {
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
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows as unknown[] }),
    close: () => pool.end(),
  };
}
