/**
 * `npm run bench` (issue 16): every benchmark in one run, side by side, because this machine is
 * shared and noisy; ratios come from the same run. Prints a table per part and writes
 * bench-results/<date>.json (git-ignored but for the committed baseline.json). Never part of the
 * test command. BENCH_PARTS=forms,validation,api,bundle,cold,dashboards,phone picks parts (phone needs the built
 * client: `npm run build` first); BENCH_RUNS sets the form
 * bench's runs (5), BENCH_SECONDS each API run (10).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { printApiBench, runApiBench } from './api-throughput';
import { printColdStart, runColdStartBench } from './cold-start';
import { printFirstLoad, runFirstLoadBench } from './first-load';
import { printFormBench } from './form-engine/print-form-bench';
import { printPhoneVitals, runPhoneVitalsBench } from './phone-vitals';
import { runFormBench } from './form-engine/run-form-bench';
import { printServerValidation, runServerValidationBench } from './server-validation';

const ROOT = resolve(import.meta.dirname, '../..');
const PARTS = (process.env['BENCH_PARTS'] ?? 'forms,validation,api,bundle,cold,dashboards,phone').split(',');
const started = new Date();
const results: Record<string, unknown> = {
  at: started.toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
};

console.log(`npm run bench — ${started.toISOString()}, ${cpus().length} cores, Node ${process.version}`);
if (PARTS.includes('forms')) {
  const forms = await runFormBench({ runs: Number(process.env['BENCH_RUNS'] ?? 5) });
  console.log('\n1. The engine in headless Chromium');
  printFormBench(forms);
  results['forms'] = forms;
}
if (PARTS.includes('validation')) {
  const validation = await runServerValidationBench();
  printServerValidation(validation);
  results['validation'] = validation;
}
if (PARTS.includes('api')) {
  const api = await runApiBench();
  printApiBench(api);
  results['api'] = api;
}
if (PARTS.includes('bundle')) {
  const bundle = await runFirstLoadBench();
  printFirstLoad(bundle);
  results['bundle'] = bundle.map(({ detail: _detail, ...row }) => row);
}
if (PARTS.includes('cold')) {
  const cold = await runColdStartBench();
  printColdStart(cold);
  results['coldStart'] = cold;
}
if (PARTS.includes('phone')) {
  const phone = await runPhoneVitalsBench();
  printPhoneVitals(phone);
  results['phone'] = phone;
}
if (PARTS.includes('dashboards')) {
  // Its own process: it loads 100,000 records into its own database (DATABASE_URL's PostgreSQL, or PGlite) and prints its table.
  console.log('\nDashboards: each widget at 100,000 records (npm run bench:dashboards)');
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/bench/dashboard-queries.ts')], { stdio: 'inherit', cwd: ROOT });
  results['dashboards'] = 'printed above (not collected)';
}

const dir = join(ROOT, 'bench-results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `${started.toISOString().slice(0, 19).replace(/:/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwritten to ${file} (${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min)`);
