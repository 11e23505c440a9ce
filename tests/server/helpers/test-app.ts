import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { ServerConfig } from '../../../src/server/config/server-config';
import type { Database, Db } from '../../../src/server/db/database';
import type { FileStoreKind } from '../../../src/server/config/file-store-kind';
import type { SenderConfig } from '../../../src/server/config/sender-config';
import { TEST_CLOCK_START } from '../../fixtures/test-clock';
import { openTestDatabase } from './test-database';

export const REPO_SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas', import.meta.url));

/** Mixed case on purpose: the check is case-insensitive. Six characters, so it cannot turn up by chance. */
export const TEST_CAPTCHA = 'Kc7Q2w';

/**
 * Every test app's master key of personal data (DATA_KEY, ADR 0066): one for all, so that apps sharing a
 * database (shareDatabaseOf, the two-process tests) open each other's sealed values, as a deployment's
 * processes do.
 */
export const TEST_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

export const INDEX_HTML = '<!doctype html><html><head><title>科创服务门户</title></head><body><div id="root"></div></body></html>';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The app's clock: starts at TEST_CLOCK_START, runs with real time and jumps when advanced. */
  clock: { now(): Date; advance(ms: number): void };
  /** The built client the app serves (index.html and one asset); a test may add files, read at each request. */
  clientDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** undefined: TEST_CAPTCHA; null: a random captcha, as in production. */
  captchaFixed?: string | null;
  schemasDir?: string;
  seedDemoUsers?: boolean;
  openapi?: boolean;
  /** The development SSO provider; on by default (NODE_ENV=test), off as in production when false. */
  devSso?: boolean;
  /** Where attachments' bytes go; the disk by default, as on the embedded database. */
  fileStore?: FileStoreKind;
  /** TRUST_PROXY's addresses; none by default. */
  trustProxy?: string[];
  /** The server's logger; none by default. */
  logger?: FastifyServerOptions['logger'];
  /** Another test app's database: a second "process" on the same data, with its own registries (closing it leaves the database open). */
  shareDatabaseOf?: TestApp;
  /** How often the app looks for publications (SCHEMA_SYNC_MS); 0 turns the timer off (a test calls schemaSync.poll()). */
  schemaSyncMs?: number;
  /** SMS_SENDER, MAIL_SENDER and their settings; the outboxes by default. */
  senders?: SenderConfig;
  /** PASSWORD_MAX_AGE_DAYS; passwords never expire by default. */
  passwordMaxAgeDays?: number;
  /** ANONYMOUS_READS_PER_MINUTE: the production default (600) unless a test sets its own; 0 turns it off. */
  anonymousReadsPerMinute?: number;
}

async function makeClientDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kechuang-client-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(join(dir, 'assets', 'app-abc123.js'), 'console.log("app");');
  return dir;
}

/** A complete app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), called with inject(). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.shareDatabaseOf;
  const testDatabase = shared
    ? { database: { ...shared.database, close: async () => undefined }, keepOpenOnClose: () => undefined, dispose: async () => undefined }
    : await openTestDatabase();
  const clientDir = await makeClientDir();
  // Starts at TEST_CLOCK_START whatever today is, and runs on with real time from there.
  const startedAt = Date.now();
  let offset = 0;
  const clock = {
    now: () => new Date(TEST_CLOCK_START.getTime() + (Date.now() - startedAt) + offset),
    advance: (ms: number) => void (offset += ms),
  };
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(clientDir, 'unused-data'),
    databaseUrl: undefined,
    nodeEnv: 'test',
    captchaFixed: options.captchaFixed === undefined ? TEST_CAPTCHA : (options.captchaFixed ?? undefined),
    schemasDir: options.schemasDir ?? REPO_SCHEMAS_DIR,
    clientDir,
    ...(options.devSso === undefined ? {} : { devSso: options.devSso }),
    ...(options.fileStore === undefined ? {} : { fileStore: options.fileStore }),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    schemaSyncMs: options.schemaSyncMs ?? 0,
    dataKey: TEST_DATA_KEY,
    ...(options.passwordMaxAgeDays === undefined ? {} : { passwordMaxAgeDays: options.passwordMaxAgeDays }),
    ...(options.anonymousReadsPerMinute === undefined ? {} : { anonymousReadsPerMinute: options.anonymousReadsPerMinute }),
    ...options.senders,
  };
  const app = await buildApp({
    config,
    database: testDatabase.database,
    seedDemoUsers: options.seedDemoUsers ?? false,
    clock: clock.now,
    openapi: options.openapi ?? false,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    app,
    db: testDatabase.database.db,
    database: testDatabase.database,
    clock,
    clientDir,
    close: async () => {
      testDatabase.keepOpenOnClose();
      await app.close();
      await testDatabase.dispose();
      await rm(clientDir, { recursive: true, force: true });
    },
  };
}
