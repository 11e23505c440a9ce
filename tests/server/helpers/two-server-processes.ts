import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../../src/server/db/database';
import { openPostgres } from '../../../src/server/db/open-postgres';
import { makeSchemasDir } from './activity-fixtures';
import { startServerProcess, type ServerProcess } from './server-process';
import { TEST_CAPTCHA } from './test-app';
import { createScratchDatabase } from './test-database';

/** Two server processes behind one PostgreSQL database, and a direct connection to it. */
export interface TwoServerProcesses {
  a: ServerProcess;
  b: ServerProcess;
  direct: Database;
  /** Stops both processes and removes the scratch database, the schemas folder and the data folders. */
  close(): Promise<void>;
}

/**
 * Two server processes on one scratch database and one copy of the schemas, each with a data folder of
 * its own (as two machines behind a load balancer), polling for publications every `syncMs`: what a
 * studio publication on one must reach the other through the database alone.
 */
export async function startTwoServerProcesses(label: string, syncMs: number): Promise<TwoServerProcesses> {
  const scratch = await createScratchDatabase();
  const schemas = await makeSchemasDir([]);
  const dataDirs = [await mkdtemp(join(tmpdir(), `kc-${label}-0-`)), await mkdtemp(join(tmpdir(), `kc-${label}-1-`))];
  const common = {
    DATABASE_URL: scratch.url,
    NODE_ENV: 'test',
    CAPTCHA_FIXED: TEST_CAPTCHA,
    SCHEMAS_DIR: schemas.dir,
    SCHEMA_SYNC_MS: String(syncMs),
  };
  const [a, b] = await Promise.all(dataDirs.map((dir) => startServerProcess({ ...common, DATA_DIR: dir })));
  if (!a || !b) throw new Error('two server processes did not start');
  const direct = await openPostgres(scratch.url);
  return {
    a,
    b,
    direct,
    close: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await direct.close();
      await scratch.dispose();
      await schemas.cleanup();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** A JSON call to a server process as a signed-in user; the answer's status and envelope. */
export async function sendJson(base: string, method: 'GET' | 'POST', path: string, token: string, payload?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) });
  return {
    status: response.status,
    body: (await response.json()) as { data: unknown; errors?: { path: string; keyword: string }[] },
  };
}
