import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../../src/server/db/migrations-folder';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat().sort();
}

async function hashMigrations(hash: ReturnType<typeof createHash>): Promise<string> {
  for (const file of await listFiles(MIGRATIONS_FOLDER)) hash.update(file.slice(MIGRATIONS_FOLDER.length)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

/** Changes whenever a migration does: names the PostgreSQL template (test-database.ts). */
export function migrationsKey(): Promise<string> {
  return hashMigrations(createHash('sha256'));
}

/** Changes whenever a migration or the PGlite version does, so a stale template is never reused. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  // The package's exports hide package.json from require(), so read the file itself.
  hash.update(await readFile(new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  return hashMigrations(hash);
}

async function buildTemplate(path: string): Promise<void> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
  } finally {
    await client.close();
  }
}

const BUILD_WAIT_MS = 120_000;

/** One worker builds while the others wait for the file, so two cores are not spent on the same initdb. */
async function ensureTemplate(path: string): Promise<void> {
  if (existsSync(path)) return;
  const lock = `${path}.lock`;
  try {
    await writeFile(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const deadline = Date.now() + BUILD_WAIT_MS;
    while (!existsSync(path) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    // The builder died or hangs: build our own copy rather than fail.
    if (!existsSync(path)) await buildTemplate(path);
    return;
  }
  try {
    await buildTemplate(path);
  } finally {
    await rm(lock, { force: true });
  }
}

let cached: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data directory as a dumpDataDir() tarball. Creating a PGlite database
 * costs seconds (initdb), loading this takes a fraction of that, so it is made once and kept in the
 * OS temp folder across runs, keyed by the migrations. Written to a temp name and renamed, so
 * parallel test workers never read half a file.
 */
export function pgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const path = join(tmpdir(), `kechuang-pglite-template-${await templateKey()}.tar`);
    await ensureTemplate(path);
    return new Blob([await readFile(path)]);
  })();
  return cached;
}
