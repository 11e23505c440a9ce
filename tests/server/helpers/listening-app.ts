import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../src/server/app';
import type { ServerConfig } from '../../../src/server/config/server-config';
import { TEST_CLOCK_START } from '../../fixtures/test-clock';
import { INDEX_HTML, REPO_SCHEMAS_DIR, TEST_CAPTCHA, type TestApp } from './test-app';
import { openTestDatabase } from './test-database';

export interface ListeningApp extends TestApp {
  port: number;
  /** Where uploads wait under a tmp- name while they arrive. */
  uploadsDir: string;
}

/**
 * The app as createTestApp builds it, but listening on 127.0.0.1 (a free port) with the server
 * options under test: for what inject() cannot show, such as a client that stops sending.
 */
export async function startListeningApp(options: { requestTimeoutMs: number; schemasDir?: string }): Promise<ListeningApp> {
  const testDatabase = await openTestDatabase();
  const clientDir = await mkdtemp(join(tmpdir(), 'kechuang-client-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(join(clientDir, 'index.html'), INDEX_HTML);
  const startedAt = Date.now();
  let offset = 0;
  const clock = {
    now: () => new Date(TEST_CLOCK_START.getTime() + (Date.now() - startedAt) + offset),
    advance: (ms: number) => void (offset += ms),
  };
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(clientDir, 'data'),
    databaseUrl: undefined,
    nodeEnv: 'test',
    captchaFixed: TEST_CAPTCHA,
    schemasDir: options.schemasDir ?? REPO_SCHEMAS_DIR,
    clientDir,
    requestTimeoutMs: options.requestTimeoutMs,
  };
  const app = await buildApp({ config, database: testDatabase.database, seedDemoUsers: false, clock: clock.now });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the app is not listening');
  return {
    app,
    db: testDatabase.database.db,
    database: testDatabase.database,
    clock,
    clientDir,
    port: address.port,
    uploadsDir: app.fileStore.tmpDir,
    close: async () => {
      testDatabase.keepOpenOnClose();
      await app.close();
      await testDatabase.dispose();
      await rm(clientDir, { recursive: true, force: true });
    },
  };
}
