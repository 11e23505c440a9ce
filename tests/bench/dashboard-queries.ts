// npm run bench:dashboards — prints figures, asserts nothing (issue 31 item 3's budget: p95 ≤ 200 ms per
// widget at 100,000 records on PostgreSQL). Loads 100,000 records of the dashboards' folders into
// PostgreSQL when DATABASE_URL is set (PGlite in a temporary folder otherwise), then times each widget of
// the commission dashboard as an administrator and of the unit dashboard as one unit's administrator,
// computed exactly as GET /api/dashboards/:name computes them, and the whole route.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/open-database';
import { applications, records } from '../../src/server/db/schema';
import { widgetFigures } from '../../src/server/engine/records/dashboard-figures';
import type { AuthUser } from '../../src/server/lib/auth-user';
import { createSession, findSessionUser } from '../../src/server/services/auth/session-store';
import { hashSessionToken } from '../../src/server/services/auth/session-token';
import { createUser } from '../../src/server/services/users/create-user';
import { recordSchemaId } from '../../src/shared/resource/resource-definition';
import { REPO_SCHEMAS_DIR } from '../server/helpers/test-app';
import { percentile } from './lib/bench-stats';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
const UNITS = 10;
/** Records per folder: 100,000 in all. */
const SHARE: Record<string, number> = {
  financing: 30_000,
  credit: 30_000,
  'event-signup': 20_000,
  'credit-fix': 12_000,
  'user-org': 6_000,
  event: 2_000,
};

const url = process.env['DATABASE_URL'];
const dataDir = mkdtempSync(join(tmpdir(), 'kechuang-bench-dash-'));
const database = await openDatabase({ databaseUrl: url, dataDir });
const app = await buildApp({
  config: {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: url,
    nodeEnv: 'production',
    captchaFixed: undefined,
    schemasDir: REPO_SCHEMAS_DIR,
    clientDir: '/nonexistent',
  },
  database,
  seedDemoUsers: false,
});

const arrayOf = (values: readonly string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;
const districts = (
  JSON.parse(readFileSync(join(REPO_SCHEMAS_DIR, 'dicts/jc_district.json'), 'utf8')) as { items: { dictKey: string }[] }
).items.map((item) => item.dictKey);

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number; max: number }> {
  for (let i = 0; i < 3; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

try {
  const db = app.database.db;
  const unitNames = Array.from({ length: UNITS }, (_, i) => `压测大学${i + 1}`);
  const adminId = await createUser(db, {
    username: 'bench_admin',
    password: 'Bench-pw-2026',
    fullname: '压测管理员',
    role: 'admin',
    orgName: '市科学技术委员会',
  });
  const unitAdminId = await createUser(db, {
    username: 'bench_unit_admin',
    password: 'Bench-pw-2026',
    fullname: '压测单位管理员',
    role: 'applicant',
    orgName: unitNames[0] ?? '',
    adminOf: [unitNames[0] ?? ''],
  });
  const owners: string[] = [];
  for (let i = 0; i < 100; i += 1)
    owners.push(
      await createUser(db, {
        username: `bench_owner_${i}`,
        password: 'Bench-pw-2026',
        fullname: `申请人${i}`,
        role: 'applicant',
        orgName: unitNames[i % UNITS] ?? '',
      }),
    );
  const unitIds = (await db.execute(
    sql`SELECT id FROM units WHERE name IN (${sql.join(
      unitNames.map((name) => sql`${name}`),
      sql`, `,
    )}) ORDER BY name`,
  )) as unknown as {
    rows: { id: string }[];
  };
  const orgs = unitIds.rows.map((row) => row.id);

  const started = Date.now();
  await db.execute(sql`ALTER TABLE records DISABLE TRIGGER records_counts`);
  // One INSERT … SELECT generate_series per folder: states, kinds, units and dates spread by i, over 400 days.
  const insert = async (resource: string, statuses: string[], data: ReturnType<typeof sql>, org: boolean) =>
    db.execute(sql`
      INSERT INTO records (resource, owner_id, org_id, status, version, schema_id, schema_version, data, created_at, updated_at)
      SELECT ${resource}, (${arrayOf(owners)}::uuid[])[1 + i % ${owners.length}],
             ${org ? sql`(${arrayOf(orgs)}::uuid[])[1 + i % ${orgs.length}]` : sql`NULL`},
             (${arrayOf(statuses)}::text[])[1 + i % ${statuses.length}], 1, ${recordSchemaId(resource)}, 'bench', ${data},
             now() - (i % 576000) * interval '1 minute', now() - (i % 576000) * interval '1 minute'
      FROM generate_series(1, ${SHARE[resource] ?? 0}) AS i`);
  await insert(
    'financing',
    ['draft', 'pending', 'returned', 'approved', 'rejected'],
    sql`CASE i % 3 WHEN 0 THEN jsonb_build_object('applyType', 'loan', 'company', '压测企业' || (i % 500), 'loanAmount', 10 + i % 900)
                   WHEN 1 THEN jsonb_build_object('applyType', 'equity', 'company', '压测企业' || (i % 500), 'equityAmount', 100 + i % 5000)
                   ELSE jsonb_build_object('applyType', 'institution', 'company', '压测机构' || (i % 100), 'fundSize', 1000) END`,
    false,
  );
  await insert(
    'credit',
    ['draft', 'effective', 'effective', 'repaired', 'revoked'],
    sql`jsonb_build_object('subjectName', '压测对象' || i, 'severity', (ARRAY['minor','serious','grave'])[1 + i % 3], 'creditType', 'fabrication',
        'decisionDate', to_char(now() - (i % 400) * interval '1 day', 'YYYY-MM-DD'),
        'responsibleUnit', (${arrayOf(unitNames)}::text[])[1 + i % ${UNITS}])`,
    false,
  );
  await insert(
    'event-signup',
    ['received'],
    sql`jsonb_build_object('eventId', gen_random_uuid(), 'name', '报名人' || i, 'phone', '13912345678')`,
    false,
  );
  await insert(
    'credit-fix',
    ['draft', 'unitReview', 'commissionReview', 'returned', 'approved', 'rejected'],
    sql`jsonb_build_object('basisName', '压测决定' || i, 'subjectName', '压测对象' || i)`,
    true,
  );
  await insert(
    'user-org',
    ['pending', 'recalled', 'approved', 'rejected', 'left'],
    sql`jsonb_build_object('orgName', '压测', 'department', '部门' || (i % 40))`,
    true,
  );
  await insert(
    'event',
    ['draft', 'published', 'unpublished'],
    sql`jsonb_build_object('title', '压测活动' || i, 'district', (${arrayOf(districts)}::text[])[1 + i % ${districts.length}], 'capacity', 100)`,
    false,
  );
  await db.execute(sql`ALTER TABLE records ENABLE TRIGGER records_counts`);
  const now = new Date();
  for (const [index, owner] of owners.entries())
    for (const activityId of ['hightech-cultivation', 'innovation-competition'])
      await db.insert(applications).values({
        userId: owner,
        activityId,
        status: ['submitted', 'returned', 'approved', 'rejected', 'draft'][index % 5] ?? 'submitted',
        data: {},
        version: 1,
        schemaVersion: 'bench',
        createdAt: now,
        updatedAt: now,
        submittedAt: now,
      });
  await db.execute(sql`ANALYZE records`);
  const total = (await db.select({ n: count() }).from(records))[0]?.n ?? 0;
  console.log(
    `${url ? 'PostgreSQL' : 'PGlite'}: seeded ${total} records and ${owners.length * 2} applications in ${((Date.now() - started) / 1000).toFixed(1)} s; ${RUNS} timed runs per widget after 3 warm-ups`,
  );

  // The caller as the auth plugin reads them from a session: roles, permissions and all.
  const userOf = async (token: string): Promise<AuthUser> => {
    const lookup = await findSessionUser(db, hashSessionToken(token), new Date());
    if (lookup.kind !== 'live') throw new Error('no live session');
    return lookup.user;
  };
  const rows: { dashboard: string; widget: string; p50: number; p95: number; max: number }[] = [];
  for (const [name, userId] of [
    ['commission', adminId],
    ['unit', unitAdminId],
  ] as const) {
    const dashboard = app.dashboards.get(name);
    const token = await createSession(db, userId, new Date());
    const user = await userOf(token);
    for (const widget of dashboard?.file.widgets ?? []) {
      const figures = await widgetFigures(app, app.listSources, widget, user, 'zh-CN');
      if (!figures) {
        console.log(`${name}/${widget.id}: left out for this user`);
        continue;
      }
      rows.push({ dashboard: name, widget: widget.id, ...(await time(() => widgetFigures(app, app.listSources, widget, user, 'zh-CN'))) });
    }
    const route = await time(() =>
      app.inject({ method: 'GET', url: `/api/dashboards/${name}`, headers: { authorization: `Bearer ${token}` } }),
    );
    rows.push({ dashboard: name, widget: '(whole route GET /api/dashboards/' + name + ')', ...route });
  }
  console.log('\ndashboard   widget                                   p50        p95        max');
  for (const row of rows)
    console.log(
      `${row.dashboard.padEnd(11)} ${row.widget.padEnd(40)} ${ms(row.p50).padStart(9)}  ${ms(row.p95).padStart(9)}  ${ms(row.max).padStart(9)}`,
    );
  const widgets = rows.filter((row) => !row.widget.startsWith('('));
  console.log(`\nslowest widget p95: ${ms(Math.max(...widgets.map((row) => row.p95)))} (budget: 200 ms per widget)`);
} finally {
  // Closing the app closes its database.
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
