// npm run bench:activities — prints figures for activity applications (no assertions):
// validation cost on both sides, and the API's save and submit latency on embedded PGlite.
import { performance } from 'node:perf_hooks';
import { validateValues } from '../../src/client/engine/validate-values';
import { validateApplication } from '../../src/shared/activity/validate-application';
import { ACTIVITY_SAMPLES } from '../fixtures/activity-samples';
import { firstSave, saveOk, submit, uploadOk } from '../server/helpers/activity-fixtures';
import { createTestApp } from '../server/helpers/test-app';
import { createLoggedInUser } from '../server/helpers/test-users';

const ACTIVITY = 'hightech-cultivation';
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (value: number): string => `${value.toFixed(2)} ms`;

function summarise(name: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${name}: n=${sorted.length}  p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  max ${ms(sorted.at(-1) ?? NaN)}`,
  );
}

const sample = ACTIVITY_SAMPLES[ACTIVITY];
if (!sample) throw new Error(`no sample for ${ACTIVITY}`);

const t = await createTestApp();
try {
  // ---- validation of one whole 6-step application, server (ajv) and browser (validateValues)
  const compiled = t.app.activities.get(ACTIVITY);
  if (!compiled) throw new Error(`activity ${ACTIVITY} is not loaded`);
  const steps = compiled.definition.steps;
  const rounds = 2000;
  let start = performance.now();
  for (let i = 0; i < rounds; i += 1) validateApplication(compiled, sample.valid, 'zh-CN');
  console.log(`validateApplication (ajv), whole 6-step application: ${(((performance.now() - start) / rounds) * 1000).toFixed(1)} µs`);
  start = performance.now();
  for (let i = 0; i < rounds; i += 1) for (const step of steps) validateValues(step.schema, sample.valid[step.key] ?? {}, 'zh-CN');
  console.log(`validateValues (browser rules), whole 6-step application: ${(((performance.now() - start) / rounds) * 1000).toFixed(1)} µs`);

  // ---- the API on PGlite: step saves and whole submits, one applicant after another
  const users = 20;
  const saves: number[] = [];
  const submits: number[] = [];
  const uploads: number[] = [];
  for (let u = 0; u < users; u += 1) {
    const user = await createLoggedInUser(t, `bench${u}`);
    let view = await firstSave(t, user, ACTIVITY);
    const data: Record<string, Record<string, unknown>> = structuredClone(sample.valid);
    data['projects'] = { ...data['projects'], leadProjectName: `基准测试项目${u}` };
    let begin = performance.now();
    const licence = await uploadOk(t, user, ACTIVITY, 'businessLicense', 'attachments');
    uploads.push(performance.now() - begin);
    const report = await uploadOk(t, user, ACTIVITY, 'auditReport', 'attachments');
    data['attachments'] = { businessLicense: [licence], auditReport: [report] };
    for (const step of steps) {
      begin = performance.now();
      view = await saveOk(t, user, {
        activityId: ACTIVITY,
        step: step.key,
        version: view.version,
        data: data[step.key] ?? {},
        currentStep: step.key,
      });
      saves.push(performance.now() - begin);
    }
    begin = performance.now();
    const response = await submit(t, user, ACTIVITY, view.version);
    submits.push(performance.now() - begin);
    if (response.statusCode !== 200) throw new Error(`submit failed: ${response.body}`);
  }
  summarise('POST saveOrUpdate (one step)', saves);
  summarise('POST submitData (6 steps, files, uniqueness)', submits);
  summarise('POST attachment/upload (200-byte PDF)', uploads);
} finally {
  await t.close();
}
