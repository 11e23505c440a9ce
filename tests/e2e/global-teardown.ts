import { rm } from 'node:fs/promises';

/** Removes this run's database directories and schema copies; every run starts from fresh ones. */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (dataDir?.startsWith('.tmp/e2e-data-')) {
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}-second`, { recursive: true, force: true });
    await rm(`${dataDir}-extended`, { recursive: true, force: true });
  }
  for (const schemasDir of [process.env['E2E_SCHEMAS_DIR'], process.env['E2E_EXTENDED_SCHEMAS_DIR']]) {
    if (schemasDir?.startsWith('.tmp/e2e-schemas-')) await rm(schemasDir, { recursive: true, force: true });
  }
}
