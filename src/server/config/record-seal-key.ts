import { loadSecretKey } from './secret-key';

export const SEAL_KEY_FILE = 'record-seal.key';

/**
 * The key of the records' seals (SECURITY R34): RECORD_SEAL_KEY, or a key kept in the data folder
 * (loadSecretKey). Rotating it means re-sealing every sealed record with the new key (ADR 0015).
 */
export async function loadRecordSealKey(fromEnv: string | undefined, dataDir: string): Promise<Buffer> {
  return loadSecretKey('RECORD_SEAL_KEY', fromEnv, dataDir, SEAL_KEY_FILE);
}
