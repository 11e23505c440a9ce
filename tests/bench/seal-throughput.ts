// npm run bench:seal — prints figures, asserts nothing (issue 34's acceptance: the cost of sealing
// personal fields, ADR 0070). On a throwaway PostgreSQL 15, two databases of one cluster, each with
// BENCH_RECORDS credit records (an identity number each, x-mask): one with the fields sealed (SM4 + blind
// index), one with them left in clear (the store's bench-only switch). For each: the bulk write of the
// records (the import path), then creates through the API (POST …/credit/info/save: pipeline, seal,
// audit) and the staff list (POST /resources/credit/lists/all, 10 a page with its total) for
// BENCH_SECONDS each at CONCURRENCY requests in flight, and, sealed only, the list filtered by an identity
// number (the blind index's GIN probe).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { openPostgres } from '../../src/server/db/open-postgres';
import { importRecords, sealRecordData, storePersonalInClearForBench } from '../../src/server/engine/records/record-store';
import { recordSchemaId } from '../../src/shared/resource/resource-definition';
import { demoIdNumber } from '../../src/server/seed/demo-credit-rows';
import { createSession } from '../../src/server/services/auth/session-store';
import { createUser } from '../../src/server/services/users/create-user';
import { makeSchemasDir } from '../server/helpers/activity-fixtures';
import { TEST_DATA_KEY } from '../server/helpers/test-app';
import { startThrowawayPostgres } from './throwaway-postgres';

const RECORDS = Number(process.env['BENCH_RECORDS'] ?? 100_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONCURRENCY = 8;
const BATCH = 5_000;
const WRITERS = 200;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);

function creditData(n: number): Record<string, unknown> {
  return {
    subjectType: 'person',
    subjectName: `压测人员${n}`,
    idNumber: demoIdNumber(n),
    creditType: 'fabrication',
    severity: 'serious',
    facts: '在国家自然科学基金项目结题报告中篡改实验数据，经调查核实。',
    basisName: `江科信〔2026〕${n}号处理决定`,
    decisionDate: '2026-03-18',
    validUntil: '2029-03-17',
    responsibleUnit: '江城大学',
  };
}

/** Requests answered per second over `seconds`, `CONCURRENCY` in flight; a non-200 stops the run loudly. */
async function rate(seconds: number, request: (n: number) => Promise<number>): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const status = await request((next += 1));
        if (status !== 200) throw new Error(`request answered ${status}`);
        done += 1;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

interface Side {
  sealed: boolean;
  app: FastifyInstance;
  headers: { authorization: string };
  writers: { authorization: string }[];
  ownerId: string;
  bulkMs: number;
  close(): Promise<void>;
}

/** One portal on its own database of the cluster, its officers logged in; `sealed` false: personal values kept in clear. */
async function openSide(url: string, sealed: boolean): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kechuang-seal-bench-'));
  const database = await openPostgres(url);
  const app = await buildApp({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: url,
      nodeEnv: 'production',
      captchaFixed: undefined,
      schemasDir: schemas.dir,
      clientDir: '/nonexistent',
      dataKey: TEST_DATA_KEY,
    },
    database,
    seedDemoUsers: false,
  });
  const db = app.database.db;
  if (!sealed) storePersonalInClearForBench(db);
  // BENCH_NO_BLIND_GIN=1: both sides without the blind indexes' GIN index, to see what maintaining it costs a write.
  if (process.env['BENCH_NO_BLIND_GIN'] === '1') await app.database.executeSql('DROP INDEX records_blind_idx');
  let ownerId = '';
  const officer = async (name: string): Promise<{ authorization: string }> => {
    const id = await createUser(db, {
      username: `${name}_${randomBytes(3).toString('hex')}`,
      password: 'Bench-pw-2026',
      fullname: '压测诚信专员',
      role: 'integrity',
      orgName: '压测中心',
    });
    ownerId ||= id;
    return { authorization: `Bearer ${await createSession(db, id, new Date())}` };
  };
  const headers = await officer('bench_officer');
  // Creates are limited to 30 a minute per user (SECURITY R28): the creates phase spreads over many officers.
  const writers: { authorization: string }[] = [];
  for (let i = 0; i < WRITERS; i += 1) writers.push(await officer(`bench_writer_${i}`));
  return {
    sealed,
    app,
    headers,
    writers,
    ownerId,
    bulkMs: 0,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One batch of the bulk write (the import path) into a side, timed. */
async function bulkBatch(side: Side, start: number): Promise<void> {
  const credit = side.app.resources.get('credit');
  if (!credit) throw new Error('no credit folder');
  const db = side.app.database.db;
  const ownerId = side.ownerId;
  const rows = Array.from({ length: Math.min(BATCH, RECORDS - start) }, (_, offset) => ({ data: creditData(start + offset), orgId: null }));
  const started = performance.now();
  await importRecords(db, {
    resource: 'credit',
    ownerId,
    status: 'effective',
    schemaId: recordSchemaId('credit'),
    schemaVersion: credit.version,
    rows,
    actorId: ownerId,
    now: new Date(),
    sealer: credit.sealer,
    personal: credit,
    after: async () => undefined,
  });
  side.bulkMs += performance.now() - started;
}

const creates = (side: Side, seconds: number): Promise<number> =>
  rate(seconds, async (n) => {
    const response = await side.app.inject({
      method: 'POST',
      url: '/api/integrity/app/credit/info/save',
      headers: side.writers[n % WRITERS] ?? side.headers,
      payload: creditData(RECORDS * 2 + Math.floor(Math.random() * 1e9)),
    });
    return response.statusCode;
  });

const lists = (side: Side, seconds: number, byId: boolean): Promise<number> =>
  rate(seconds, async (n) => {
    const response = await side.app.inject({
      method: 'POST',
      url: '/api/resources/credit/lists/all',
      headers: side.headers,
      payload: byId ? { pageNo: 1, pageSize: 10, idNumber: demoIdNumber(n % RECORDS) } : { pageNo: 1 + (n % 20), pageSize: 10 },
    });
    return response.statusCode;
  });

// The repository's schemas, with a filter on the identity number in the staff list (the demo list has none).
const schemas = await makeSchemasDir([], { repoActivities: true });
const listFile = join(schemas.dir, 'resources/credit/lists/all.list.json');
const list = JSON.parse(readFileSync(listFile, 'utf8')) as { filters: { field: string }[] };
list.filters.push({ field: 'idNumber' });
writeFileSync(listFile, JSON.stringify(list));
const postgres = await startThrowawayPostgres();
const sides: Side[] = [];
try {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench_clear');
  await admin.query('CREATE DATABASE bench_sealed');
  await admin.end();
  const base = postgres.url.replace(/\/postgres$/, '');
  const clear = await openSide(`${base}/bench_clear`, false);
  sides.push(clear);
  const sealed = await openSide(`${base}/bench_sealed`, true);
  sides.push(sealed);
  // Interleaved, in alternating order, so that the machine's drift (others run beside it) falls on both alike.
  const pairs = (round: number): Side[] => (round % 2 === 0 ? [clear, sealed] : [sealed, clear]);
  for (let start = 0, round = 0; start < RECORDS; start += BATCH, round += 1) for (const side of pairs(round)) await bulkBatch(side, start);
  for (const side of sides) await side.app.database.executeSql('ANALYZE records');
  const figures = new Map<Side, Record<string, number[]>>(sides.map((side) => [side, { creates: [], list: [], listById: [] }]));
  for (let round = 0; round < ROUNDS; round += 1)
    for (const side of pairs(round)) {
      const mine = figures.get(side);
      mine?.['creates']?.push(await creates(side, SECONDS));
      mine?.['list']?.push(await lists(side, SECONDS, false));
      if (side.sealed) mine?.['listById']?.push(await lists(side, SECONDS, true));
    }
  // The cipher's own cost, in this process: µs to seal one record's identity number and compute its blind index.
  const credit = sealed.app.resources.get('credit');
  const sealStarted = performance.now();
  for (let n = 0; n < 10_000; n += 1) await sealRecordData(sealed.app.database.db, credit, creditData(n));
  const sealMicros = ((performance.now() - sealStarted) * 1000) / 10_000;

  const mean = (values: number[] | undefined): number =>
    values && values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  const of = (side: Side, key: string): number => (key === 'bulk' ? RECORDS / (side.bulkMs / 1000) : mean(figures.get(side)?.[key]));
  const row = (name: string, key: string): string => {
    const a = of(clear, key);
    const b = of(sealed, key);
    return `${name.padEnd(36)} ${a.toFixed(1).padStart(9)} ${b.toFixed(1).padStart(9)} ${(((b - a) / a) * 100).toFixed(1).padStart(7)} %`;
  };
  console.log(
    `PostgreSQL 15, ${RECORDS} credit records each, ${CONCURRENCY} in flight, ${ROUNDS} interleaved rounds of ${SECONDS} s a phase`,
  );
  console.log(`${''.padEnd(36)} ${'clear'.padStart(9)} ${'sealed'.padStart(9)} ${'change'.padStart(9)}`);
  console.log(row('bulk write (import path), rows/s', 'bulk'));
  console.log(row('API creates/s', 'creates'));
  console.log(row('API list req/s (10 a page, total)', 'list'));
  console.log(`${'API list by identity number req/s'.padEnd(36)} ${'-'.padStart(9)} ${of(sealed, 'listById').toFixed(1).padStart(9)}`);
  console.log(`seal + blind index of one record's identity number: ${sealMicros.toFixed(1)} µs`);
} finally {
  for (const side of sides) await side.close();
  postgres.stop();
  await schemas.cleanup();
}
