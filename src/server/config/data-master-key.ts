import { loadSecretKey } from './secret-key';

export const DATA_MASTER_KEY_FILE = 'data-master.key';

/**
 * The master key that wraps the keys of personal data (SECURITY R34, ADR 0066): DATA_KEY, or a key kept
 * in the data folder (loadSecretKey). The database holds the data keys only wrapped by it, so a copy of
 * the database (a backup) without this key reads no personal field.
 */
export async function loadDataMasterKey(fromEnv: string | undefined, dataDir: string): Promise<Buffer> {
  return loadSecretKey('DATA_KEY', fromEnv, dataDir, DATA_MASTER_KEY_FILE);
}
