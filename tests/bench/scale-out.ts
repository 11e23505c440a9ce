// npm run bench:scale-out — prints figures, asserts nothing (issue 15's load figures). On a throwaway
// PostgreSQL 15: one server process against two on the same database, each scenario for
// BENCH_SECONDS at 50 connections with autocannon on 127.0.0.1: the public activity list, an
// applicant's own paged list (authenticated), and a draft save (authenticated, version-checked).
// Two processes are driven by two autocannon runs at once (25 connections each, no proxy in between
// to share the two cores with); their req/s add up and their latencies go into one histogram.
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import { openPostgres } from '../../src/server/db/open-postgres';
import { createSession } from '../../src/server/services/auth/session-store';
import { createUser } from '../../src/server/services/users/create-user';
import { makeSchemasDir } from '../server/helpers/activity-fixtures';
import { startServerProcess, type ServerProcess } from '../server/helpers/server-process';
import { startThrowawayPostgres } from './throwaway-postgres';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const ONLY = process.env['BENCH_ONLY'];
const CONNECTIONS = 50;
// Each connection saves for its own ten applicants, under the save route's 120 a minute per user.
const USERS = CONNECTIONS * 10;
const ACTIVITY = 'tiny-grant';

interface Figures {
  requests: number;
  reqPerSec: number;
  p95: number;
  p99: number;
  non2xx: number;
  statuses: string;
}

interface Client {
  token: string;
  version: number;
}

type Scenario = (clients: Client[]) => autocannon.Request[];

const SCENARIOS: Record<string, Scenario> = {
  'public activity list (GET /api/schemas/activities)': () => [{ method: 'GET', path: '/api/schemas/activities' }],
  'my applications, paged (POST queryMyApplicationList)': (clients) => [
    {
      method: 'POST',
      path: '/api/sys/form/data/queryMyApplicationList',
      setupRequest: (request, rawContext) => {
        const context = rawContext as Record<string, unknown>;
        const client = clients[Number(context['turn'] ?? 0) % clients.length];
        context['turn'] = Number(context['turn'] ?? 0) + 7;
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${client?.token ?? ''}` },
          body: JSON.stringify({ pageNo: 1, pageSize: 10 }),
        };
      },
    },
  ],
  'draft save (POST saveOrUpdate)': (clients) => {
    // autocannon starts each request with a fresh context, so the turn is kept here: every request
    // takes the next draft that has no save in flight, and sends the version its last save answered.
    let next = 0;
    const busy = new Set<number>();
    return [
      {
        method: 'POST',
        path: '/api/sys/form/data/saveOrUpdate',
        setupRequest: (request, rawContext) => {
          let index = next % clients.length;
          while (busy.has(index)) index = (index + 1) % clients.length;
          next = index + 1;
          busy.add(index);
          (rawContext as Record<string, unknown>)['client'] = index;
          const client = clients[index] as Client;
          const body = {
            activityId: ACTIVITY,
            step: 'basic',
            version: client.version,
            data: { projectName: `压测草稿 ${client.version}` },
          };
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
            body: JSON.stringify(body),
          };
        },
        onResponse: (status, body, rawContext) => {
          const index = Number((rawContext as Record<string, unknown>)['client']);
          busy.delete(index);
          const client = clients[index];
          if (!client) return;
          if (status === 200) client.version = (JSON.parse(body) as { data: { version: number } }).data.version;
          else if (status === 409) client.version = (JSON.parse(body) as { data?: { version?: number } }).data?.version ?? client.version;
        },
      },
    ];
  },
};

function histogram(): hdr.Histogram {
  return hdr.build({
    bitBucketSize: 64,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 100_000,
    numberOfSignificantValueDigits: 3,
  });
}

async function drive(targets: readonly string[], requests: (part: number) => autocannon.Request[]): Promise<Figures> {
  const latencies = histogram();
  const results = await Promise.all(
    targets.map((url, part) =>
      autocannon({
        url,
        connections: CONNECTIONS / targets.length,
        duration: SECONDS,
        requests: requests(part),
        histograms: { latencies },
      } as autocannon.Options & { histograms: { latencies: hdr.Histogram } }),
    ),
  );
  const requestsDone = results.reduce((sum, result) => sum + result.requests.total, 0);
  return {
    requests: requestsDone,
    reqPerSec: results.reduce((sum, result) => sum + result.requests.average, 0),
    p95: latencies.getValueAtPercentile(95),
    p99: latencies.getValueAtPercentile(99),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    statuses: results.map((result) => JSON.stringify((result as unknown as { statusCodeStats?: unknown }).statusCodeStats ?? {})).join(' '),
  };
}

const postgres = await startThrowawayPostgres();
const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
const env = {
  DATABASE_URL: postgres.url,
  NODE_ENV: 'production',
  SCHEMAS_DIR: schemas.dir,
  JOBS: 'false',
  ANONYMOUS_READS_PER_MINUTE: '1000000000',
};
const processes: ServerProcess[] = [];
try {
  processes.push(await startServerProcess({ ...env, DATA_DIR: '/tmp/kc-bench-a' }));
  processes.push(await startServerProcess({ ...env, DATA_DIR: '/tmp/kc-bench-b' }));
  const database = await openPostgres(postgres.url);
  const clients: Client[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const id = await createUser(database.db, {
      username: `bench_${i}`,
      password: 'Bench-pw-2026!',
      fullname: `压测用户${i}`,
      role: 'applicant',
      orgName: '压测科技有限公司',
    });
    clients.push({ token: await createSession(database.db, id, new Date()), version: 0 });
  }
  await database.close();
  const [a, b] = processes as [ServerProcess, ServerProcess];
  for (const client of clients) {
    const response = await fetch(`${a.url}/api/sys/form/data/firstSaveFormData`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ activityId: ACTIVITY }),
    });
    client.version = ((await response.json()) as { data: { version: number } }).data.version;
  }
  console.log(
    `PostgreSQL 15, ${USERS} applicants each with a draft; ${CONNECTIONS} connections, ${SECONDS} s per run, ${process.env['HOSTNAME'] ?? 'this machine'} (2 cores)\n`,
  );
  console.log('scenario | processes | req/s | p95 ms | p99 ms | non-2xx | 2/1 req/s');
  console.log('---|---|---|---|---|---|---');
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    if (ONLY && !name.includes(ONLY)) continue;
    // Each part drives its own half of the applicants, so two runs never save the same draft.
    const halves = (parts: number) => (part: number) => scenario(clients.filter((_client, index) => index % parts === part));
    const one = await drive([a.url], halves(1));
    const two = await drive([a.url, b.url], halves(2));
    for (const [count, figures] of [
      [1, one],
      [2, two],
    ] as const) {
      const ratio = count === 2 ? (two.reqPerSec / one.reqPerSec).toFixed(2) : '';
      console.log(`${name} | ${count} | ${figures.reqPerSec.toFixed(0)} | ${figures.p95} | ${figures.p99} | ${figures.non2xx} | ${ratio}`);
      if (figures.non2xx > 0) console.log(`  (status codes: ${figures.statuses})`);
    }
  }
} finally {
  await Promise.all(processes.map((server) => server.stop()));
  await schemas.cleanup();
  postgres.stop();
}
