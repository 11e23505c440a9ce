// npm run bench:studio — prints how long the studio's impact report takes over many stored
// applications (embedded PGlite), how long a publication takes to compile, and how long a resource
// folder's candidate takes to check.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { applications, users } from '../../src/server/db/schema';
import { compileActivityFolder } from '../../src/server/engine/units/activity-registry';
import { activityImpact } from '../../src/server/modules/studio/impact-report';
import { ACTIVITY_SAMPLES } from '../fixtures/activity-samples';
import { createTestApp } from '../server/helpers/test-app';

const ACTIVITY = 'hightech-cultivation';
const COUNT = Number(process.env['BENCH_APPLICATIONS'] ?? 5000);
const sample = ACTIVITY_SAMPLES[ACTIVITY];
if (!sample) throw new Error(`no sample for ${ACTIVITY}`);

const t = await createTestApp();
try {
  const live = t.app.activities.get(ACTIVITY);
  const texts = t.app.activities.texts(ACTIVITY);
  if (!live || !texts) throw new Error(`activity ${ACTIVITY} is not loaded`);
  const now = t.clock.now();
  for (let start = 0; start < COUNT; start += 500) {
    const batch = Array.from({ length: Math.min(500, COUNT - start) }, (_, i) => ({ id: randomUUID(), index: start + i }));
    await t.db.insert(users).values(
      batch.map(({ id, index }) => ({
        id,
        username: `bench_impact_${index}`,
        passwordHash: 'x',
        fullname: '基准用户',
        role: 'applicant',
      })),
    );
    await t.db.insert(applications).values(
      batch.map(({ id, index }) => ({
        userId: id,
        activityId: ACTIVITY,
        // Half drafts, half submitted; every tenth project name is long.
        status: index % 2 === 0 ? 'draft' : 'submitted',
        data: {
          ...structuredClone(sample.valid),
          projects: {
            ...sample.valid['projects'],
            leadProjectName: index % 10 === 0 ? '面向新型电力系统的高效储能与智能调度关键技术研究' : `基准项目${index}`,
          },
        },
        version: 2,
        schemaVersion: live.definition.version,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }

  // The candidate tightens the lead project's name.
  const projects = JSON.parse(texts.get('projects.schema.json') ?? '{}') as { properties: Record<string, Record<string, unknown>> };
  projects.properties['leadProjectName'] = { ...projects.properties['leadProjectName'], maxLength: 12 };
  const candidateTexts = new Map(texts);
  candidateTexts.set('projects.schema.json', JSON.stringify(projects));

  const compiles: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const begin = performance.now();
    compileActivityFolder(ACTIVITY, candidateTexts);
    compiles.push(performance.now() - begin);
  }
  compiles.sort((a, b) => a - b);
  console.log(`compile a 6-step activity for a publication: median ${compiles[2]?.toFixed(1)} ms (5 runs)`);

  // A resource folder's candidate: checked alone, against the routes it started with and across the other folders.
  const needTexts = t.app.resources.texts('need');
  if (!needTexts) throw new Error('resource need is not loaded');
  const record = JSON.parse(needTexts.get('record.schema.json') ?? '{}') as { properties: Record<string, Record<string, unknown>> };
  const [firstField = ''] = Object.keys(record.properties);
  record.properties[firstField] = { ...record.properties[firstField], description: '基准：只改说明文字' };
  const needCandidate = new Map(needTexts);
  needCandidate.set('record.schema.json', JSON.stringify(record));
  const checks: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const begin = performance.now();
    t.app.resources.check('need', needCandidate);
    checks.push(performance.now() - begin);
  }
  checks.sort((a, b) => a - b);
  console.log(`check a resource folder (need) for a live publication: median ${checks[2]?.toFixed(1)} ms (5 runs)`);

  const candidate = compileActivityFolder(ACTIVITY, candidateTexts);
  const runs: number[] = [];
  let failing = 0;
  for (let i = 0; i < 3; i += 1) {
    const begin = performance.now();
    failing = (await activityImpact(t.db, live, candidate, 'zh-CN')).failing;
    runs.push(performance.now() - begin);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `impact report over ${COUNT} stored applications (${failing} affected): median ${(runs[1] ?? NaN).toFixed(0)} ms, ${(((runs[1] ?? NaN) / COUNT) * 1000).toFixed(0)} µs per application (3 runs)`,
  );
} finally {
  await t.close();
}
