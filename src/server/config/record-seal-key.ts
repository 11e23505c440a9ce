import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError } from './server-config';

export const SEAL_KEY_FILE = 'record-seal.key';

/**
 * The key of the records' seals (SECURITY R34), never in the database: RECORD_SEAL_KEY (32 bytes or
 * more, base64) when set, which every process of a deployment shares; otherwise a key made once and
 * kept in the data folder (mode 0600), next to the uploads, for a single-host portal. Rotating it
 * means re-sealing every sealed record with the new key (ADR 0015).
 */
export async function loadRecordSealKey(fromEnv: string | undefined, dataDir: string): Promise<Buffer> {
  if (fromEnv !== undefined && fromEnv !== '') {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length < 32) throw new ConfigError('RECORD_SEAL_KEY 应为至少 32 字节的密钥（base64）');
    return key;
  }
  const file = join(dataDir, SEAL_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing !== undefined) {
    const key = Buffer.from(existing.trim(), 'base64');
    if (key.length < 32) throw new ConfigError(`${file} 中的记录签名密钥无效`);
    return key;
  }
  const key = randomBytes(32);
  await mkdir(dirname(file), { recursive: true });
  // wx: two processes starting at once do not overwrite each other's key; the loser reads the winner's.
  await writeFile(file, key.toString('base64'), { flag: 'wx', mode: 0o600 }).catch(async () => undefined);
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
}
