import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError } from './config-error';

/**
 * A key kept outside the database (SECURITY R34): from the environment variable `envName` (32 bytes or
 * more, base64) when set, which every process of a deployment shares; otherwise a key made once and kept
 * in the data folder as `file` (mode 0600), for a single-host portal.
 */
export async function loadSecretKey(envName: string, fromEnv: string | undefined, dataDir: string, file: string): Promise<Buffer> {
  if (fromEnv !== undefined && fromEnv !== '') {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length < 32) throw new ConfigError(`${envName} 应为至少 32 字节的密钥（base64）`);
    return key;
  }
  const path = join(dataDir, file);
  const existing = await readFile(path, 'utf8').catch(() => undefined);
  if (existing !== undefined) {
    const key = Buffer.from(existing.trim(), 'base64');
    if (key.length < 32) throw new ConfigError(`${path} 中的密钥无效`);
    return key;
  }
  const key = randomBytes(32);
  await mkdir(dirname(path), { recursive: true });
  // wx: two processes starting at once do not overwrite each other's key; the loser reads the winner's.
  await writeFile(path, key.toString('base64'), { flag: 'wx', mode: 0o600 }).catch(async () => undefined);
  return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
}
