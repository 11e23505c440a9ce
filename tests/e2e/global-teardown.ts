import { rm } from 'node:fs/promises';

/** Removes this run's database directory; every run starts from a fresh one. */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (dataDir?.startsWith('.tmp/e2e-data-')) await rm(dataDir, { recursive: true, force: true });
}
