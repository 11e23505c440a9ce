/**
 * `npx tsx tests/bench/form-engine/run.ts [--runs=5] [--sizes=300,1000] [--variants=schema-form,raw-formily] [--json=file]`:
 * runs the form-engine benchmark in headless Chromium and prints its table (and writes the whole
 * result as JSON when asked). About 5–6 minutes with the defaults on this machine.
 */
import { writeFileSync } from 'node:fs';
import { isVariant, type Variant } from './bench-protocol';
import { printFormBench } from './print-form-bench';
import { runFormBench, type FormBenchOptions } from './run-form-bench';

function argument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const options: FormBenchOptions = {};
const runs = argument('runs');
if (runs !== undefined) options.runs = Number(runs);
const sizes = argument('sizes');
if (sizes !== undefined) options.sizes = sizes.split(',').map(Number);
const variants = argument('variants');
if (variants !== undefined) {
  const names = variants.split(',');
  const unknown = names.filter((name) => !isVariant(name));
  if (unknown.length > 0) throw new Error(`unknown variants: ${unknown.join(', ')}`);
  options.variants = names as Variant[];
}
if (argument('warm-up') === 'false') options.warmUp = false;

const result = await runFormBench(options);
printFormBench(result);
const json = argument('json');
if (json) {
  writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${json}`);
}
