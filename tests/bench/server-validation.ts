/**
 * Issue 16, part 2: the server's validation. How long compiling every schema takes when the server
 * starts (the schema, activity and resource registries, as buildApp loads them), and the median time
 * ajv takes to validate the largest whole application of the fixtures and a 1000-field record.
 */
import { performance } from 'node:perf_hooks';
import { validateApplication } from '../../src/shared/activity/validate-application';
import { createAjv } from '../../src/shared/schema/create-ajv';
import { loadActivityRegistry } from '../../src/server/engine/units/activity-registry';
import { loadSchemaRegistry } from '../../src/server/engine/units/schema-registry';
import { loadResourceRegistry } from '../../src/server/engine/units/resource-registry';
import { ACTIVITY_SAMPLES } from '../fixtures/activity-samples';
import { REPO_SCHEMAS_DIR } from '../server/helpers/test-app';
import { median, round } from './lib/bench-stats';

export interface ServerValidationResult {
  /** Loading and compiling every schema folder, first time in this process and median of the next runs. */
  compileAllMs: { first: number; median: number; runs: number };
  largestApplication: { activity: string; bytes: number; medianUs: number };
  thousandFieldRecord: { medianUs: number };
}

const SEAL_KEY = Buffer.alloc(32, 7).toString('base64');

async function compileAll(): Promise<number> {
  const started = performance.now();
  await loadSchemaRegistry(REPO_SCHEMAS_DIR);
  await loadActivityRegistry(REPO_SCHEMAS_DIR);
  await loadResourceRegistry(REPO_SCHEMAS_DIR, { sealKey: Buffer.from(SEAL_KEY, 'base64') });
  return performance.now() - started;
}

/** Median µs of one call, from batches long enough for the timer's resolution. */
function timeUs(call: () => void, batches = 15, perBatch = 200): number {
  for (let i = 0; i < perBatch; i += 1) call();
  const samples: number[] = [];
  for (let batch = 0; batch < batches; batch += 1) {
    const started = performance.now();
    for (let i = 0; i < perBatch; i += 1) call();
    samples.push(((performance.now() - started) / perBatch) * 1000);
  }
  return median(samples);
}

/** A record schema of `count` fields in the shapes a long form has: text, dictionary, number, date, boolean. */
export function thousandFieldSchema(count = 1000): { schema: Record<string, unknown>; value: Record<string, unknown> } {
  const properties: Record<string, unknown> = {};
  const value: Record<string, unknown> = {};
  const required: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = `f${i}`;
    switch (i % 5) {
      case 0:
        properties[key] = { type: 'string', title: `文本${i}`, maxLength: 50 };
        value[key] = `第${i}项说明`;
        if (i % 2 === 0) required.push(key);
        break;
      case 1:
        properties[key] = { type: 'string', title: `选项${i}`, enum: ['a', 'b', 'c'] };
        value[key] = 'b';
        break;
      case 2:
        properties[key] = { type: 'number', title: `数值${i}`, minimum: 0 };
        value[key] = i;
        break;
      case 3:
        properties[key] = { type: 'string', title: `日期${i}`, format: 'date' };
        value[key] = '2026-11-26';
        break;
      default:
        properties[key] = { type: 'boolean', title: `是否${i}` };
        value[key] = i % 3 === 0;
    }
  }
  return { schema: { type: 'object', additionalProperties: false, required, properties }, value };
}

export async function runServerValidationBench(): Promise<ServerValidationResult> {
  const first = await compileAll();
  const again: number[] = [];
  for (let i = 0; i < 5; i += 1) again.push(await compileAll());

  const activities = await loadActivityRegistry(REPO_SCHEMAS_DIR);
  const [activityId, sample] =
    Object.entries(ACTIVITY_SAMPLES).sort(([, a], [, b]) => JSON.stringify(b.valid).length - JSON.stringify(a.valid).length)[0] ?? [];
  const activity = activityId ? activities.get(activityId) : undefined;
  if (!activity || !sample) throw new Error('no activity sample to validate');
  if (validateApplication(activity, sample.valid, 'zh-CN', { mode: 'submit' }).length > 0)
    throw new Error(`the ${activityId} sample is not valid`);
  const applicationUs = timeUs(() => validateApplication(activity, sample.valid, 'zh-CN', { mode: 'submit' }));

  const { schema, value } = thousandFieldSchema();
  const validate = createAjv().compile(schema);
  if (!validate(value)) throw new Error('the 1000-field record is not valid');
  const recordUs = timeUs(() => validate(value));

  return {
    compileAllMs: { first: round(first), median: round(median(again)), runs: again.length },
    largestApplication: { activity: activityId ?? '', bytes: JSON.stringify(sample.valid).length, medianUs: round(applicationUs) },
    thousandFieldRecord: { medianUs: round(recordUs) },
  };
}

export function printServerValidation(result: ServerValidationResult): void {
  console.log('\n2. Server validation');
  console.log(
    `   all schemas loaded and compiled: ${result.compileAllMs.first} ms the first time, ${result.compileAllMs.median} ms median of ${result.compileAllMs.runs} more   (target ≤ 1000 ms)`,
  );
  console.log(
    `   largest application (${result.largestApplication.activity}, ${result.largestApplication.bytes} bytes): ${result.largestApplication.medianUs} µs   (target ≤ 100 µs)`,
  );
  console.log(`   1000-field record: ${result.thousandFieldRecord.medianUs} µs`);
}
