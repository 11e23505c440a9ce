/**
 * What ADR 0063 adds to the hot path and to a password change, in figures (never asserted):
 * - the session lookup every authenticated request runs (findSessionUser, now also reading the password's age),
 *   median µs over many lookups on PGlite, with the tree given as BENCH_ROOT (default: this one), so that the
 *   same script times another checkout's lookup in the same run;
 * - the password history check (five argon2id verifications side by side) against one hash of a new password.
 *
 *   npx tsx tests/bench/session-lookup.ts                 # this tree
 *   BENCH_ROOT=/work/main npx tsx tests/bench/session-lookup.ts
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(process.env['BENCH_ROOT'] ?? resolve(import.meta.dirname, '../..'));
const LOOKUPS = Number(process.env['BENCH_LOOKUPS'] ?? 3000);
const ROUNDS = 5;

async function load<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(resolve(ROOT, path)).href)) as T;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface TestAppModule {
  createTestApp(): Promise<{ db: unknown; clock: { now(): Date }; close(): Promise<void> }>;
}
interface UsersModule {
  createLoggedInUser(t: unknown, prefix?: string, role?: string): Promise<{ id: string; token: string }>;
}
interface SessionModule {
  findSessionUser(db: unknown, tokenHash: string, now: Date, policy?: { passwordMaxAgeDays?: number }): Promise<{ kind: string }>;
}
interface TokenModule {
  hashSessionToken(token: string): string;
}

async function lookups(): Promise<void> {
  const { createTestApp } = await load<TestAppModule>('tests/server/helpers/test-app.ts');
  const { createLoggedInUser } = await load<UsersModule>('tests/server/helpers/test-users.ts');
  const { findSessionUser } = await load<SessionModule>('src/server/services/auth/session-store.ts');
  const { hashSessionToken } = await load<TokenModule>('src/server/services/auth/session-token.ts');
  const t = await createTestApp();
  try {
    const user = await createLoggedInUser(t, 'bench', 'admin');
    const hash = hashSessionToken(user.token);
    const rounds: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      for (let i = 0; i < LOOKUPS; i += 1) {
        const found = await findSessionUser(t.db, hash, t.clock.now(), { passwordMaxAgeDays: 90 });
        if (found.kind !== 'live') throw new Error(`lookup ${i}: ${found.kind}`);
      }
      rounds.push(((performance.now() - started) * 1000) / LOOKUPS);
    }
    console.log(
      `session lookup (${ROOT}): median ${median(rounds).toFixed(1)} µs a lookup over ${ROUNDS}×${LOOKUPS} (rounds: ${rounds.map((r) => r.toFixed(1)).join(', ')})`,
    );
  } finally {
    await t.close();
  }
}

async function history(): Promise<void> {
  const { hashPassword, verifyPassword } = await load<{
    hashPassword(password: string): Promise<string>;
    verifyPassword(hash: string, password: string): Promise<boolean>;
  }>('src/server/lib/password.ts');
  const hashes = await Promise.all([1, 2, 3, 4, 5].map((n) => hashPassword(`Kj$w-bench-${n}`)));
  const oneHash: number[] = [];
  const fiveChecks: number[] = [];
  for (let round = 0; round < 9; round += 1) {
    let started = performance.now();
    await hashPassword('Kj$w-bench-new');
    oneHash.push(performance.now() - started);
    started = performance.now();
    await Promise.all(hashes.map((hash) => verifyPassword(hash, 'Kj$w-bench-new')));
    fiveChecks.push(performance.now() - started);
  }
  console.log(
    `password change: one argon2id hash ${median(oneHash).toFixed(0)} ms; the history check (5 verifications side by side) ${median(fiveChecks).toFixed(0)} ms (medians of 9)`,
  );
}

await lookups();
if (!process.env['BENCH_ROOT']) await history();
