/**
 * Issue 16, part 5: cold start. The time from `npm start` to the first 200 on /api/health, on a new
 * data folder (migrations and the demo content included) and on the same folder again, and whether
 * npm start rebuilt a client that was already built.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../server/helpers/server-process';
import { median, round } from './lib/bench-stats';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ColdStartResult {
  newDataDirMs: number;
  existingDataDirMs: { median: number; samples: number[] };
  /** Whether npm start rebuilt the client though the same client was built just before. */
  rebuiltBuiltClient: boolean;
}

interface StartRun {
  ms: number;
  output: string;
}

async function startOnce(dataDir: string): Promise<StartRun> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so that npm, tsx and the server all stop together.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, output };
      if (performance.now() - started > 300_000) throw new Error(`npm start gave no 200 in 5 minutes:\n${output}`);
      await new Promise((wait) => setTimeout(wait, 25));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

export async function runColdStartBench(runs = 5): Promise<ColdStartResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kc-cold-start-'));
  const warmUpDir = await mkdtemp(join(tmpdir(), 'kc-cold-warm-up-'));
  try {
    // Makes sure the client is built (and stamped) before anything is timed.
    await startOnce(warmUpDir);
    const fresh = await startOnce(dataDir);
    const samples: number[] = [];
    let rebuilt = /vite|building/i.test(fresh.output) && !fresh.output.includes('not rebuilding');
    for (let i = 0; i < runs; i += 1) {
      const run = await startOnce(dataDir);
      samples.push(round(run.ms));
      if (!run.output.includes('not rebuilding')) rebuilt = true;
    }
    return { newDataDirMs: round(fresh.ms), existingDataDirMs: { median: round(median(samples)), samples }, rebuiltBuiltClient: rebuilt };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(warmUpDir, { recursive: true, force: true });
  }
}

export function printColdStart(result: ColdStartResult): void {
  console.log('\n5. Cold start (npm start → first 200 on /api/health)');
  console.log(`   new data folder: ${result.newDataDirMs} ms (migrations and demo content)`);
  console.log(
    `   existing data folder: ${result.existingDataDirMs.median} ms median (${result.existingDataDirMs.samples.join(', ')})   (target ≤ 3000 ms)`,
  );
  console.log(`   npm start rebuilt a client already built: ${result.rebuiltBuiltClient ? 'yes' : 'no'}`);
}
