import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';
// sun_path holds 108 bytes on Linux; a longer data folder path locks through the abstract namespace.
const MAX_SOCKET_PATH = 100;

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(path, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** What the live holder says about itself, or undefined when nothing listens there. */
function askHolder(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let said = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (said += chunk.toString()));
    socket.on('end', () => resolve(said || 'another process'));
    socket.on('error', () => resolve(undefined));
    socket.on('close', () => resolve(said || undefined));
  });
}

function socketPath(dataDir: string): { path: string; file: string | undefined } {
  const file = join(realpathSync(dataDir), LOCK_FILE_NAME);
  if (Buffer.byteLength(file) <= MAX_SOCKET_PATH) return { path: file, file };
  return { path: `\0kechuang-data-dir-${createHash('sha256').update(file).digest('hex').slice(0, 40)}`, file: undefined };
}

/**
 * PGlite has one connection and nothing stops a second process from opening the same directory and
 * corrupting it (STACK trap 13). The directory is claimed by listening on a Unix socket in it: the
 * kernel closes the socket when its process dies, however it dies, so a lock left by a kill -9 is
 * recognised by nobody answering on it, never by a pid that a container may hand to the next process
 * (SECURITY R39). Returns the release function.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const { path, file } = socketPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const server = createServer((socket) => socket.end(`process ${process.pid}`));
    try {
      await listen(server, path);
      // The lock never keeps the process alive on its own.
      server.unref();
      return () => {
        server.close();
        if (file) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const holder = await askHolder(path);
      if (holder !== undefined)
        throw new Error(`DATA_DIR ${dataDir} is in use by ${holder}; stop it or choose another DATA_DIR`, { cause: error });
      // Nobody answers: the holder died and left its socket file (or an older version's lock file).
      if (file) rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}
