import type { ServerConfig } from '../config/server-config';
import type { Database } from './database';
import { openPgliteDir } from './open-pglite';
import { openPostgres } from './open-postgres';

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR. */
export function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPgliteDir(config.dataDir);
}
