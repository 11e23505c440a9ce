import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Drizzle's common PostgreSQL surface: the same queries run on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database with its driver-specific migrator and shutdown. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Applies the SQL migrations in src/server/db/migrations (a no-op when they are all applied). */
  migrate(): Promise<void>;
  /** Plain SQL with $n parameters, for a library that brings its own SQL (the job queue, pg-boss). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}
