import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLoggerOptions } from '../../../src/server/lib/log-redaction';
import { fuzzCaseArbitrary, injectOptions, type FuzzCase } from './fuzz-case';
import { FuzzOracle } from './fuzz-oracle';
import { fuzzRoutes, refResolver, type FuzzRoute } from './fuzz-routes';
import { responseLeak } from './response-leaks';
import { makeSchemasDir } from './activity-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { createLoggedInUser, type TestUser } from './test-users';
import { LogStackWatch } from './log-stack-watch';
import { hasPermission } from '../../../src/shared/permissions/has-permission';
import { ROLE_CATALOGUE } from '../../../src/server/services/roles/role-catalogue';
import { AUDIT_ADMIN_ROLE, SECURITY_ADMIN_ROLE, SYSTEM_ADMIN_ROLE } from '../../../src/server/services/roles/separated-duties';

/**
 * The administrator whose duty a route is (三权分立, ADR 0068): the audit log's routes are the audit administrator's,
 * the locks the security administrator's, everything else the system administrator's. The administrator's cases go
 * as that one, so they reach the handler rather than stopping at a 403.
 */
function administratorOf(route: FuzzRoute): string {
  const access = route.access;
  if (typeof access !== 'object') return SYSTEM_ADMIN_ROLE;
  const holds = (id: string): boolean => hasPermission(ROLE_CATALOGUE.find((role) => role.id === id)?.permissions ?? [], access.permission);
  return [AUDIT_ADMIN_ROLE, SECURITY_ADMIN_ROLE].find(holds) ?? SYSTEM_ADMIN_ROLE;
}

/*
 * Issue 15: bad input never gives a 5xx. Every route the app registers is called with requests
 * derived from its own request schemas (the OpenAPI document the app builds from them): valid-shaped
 * ones, and ones with one part made wrong (hostile strings, wrong types, missing or extra fields,
 * 5,000-deep nesting, malformed multipart…), as a visitor and as an administrator. A GET route's cases (the first
 * two, a visitor's and an administrator's, and every third) are sent again as HEAD, which must answer the GET's
 * status and content type with no body, and every route gets an OPTIONS as each identity: 204 with its method in
 * Allow, or 404 for a path nothing serves (issue 34). The app's log is read too: a request answered below 500 must
 * have logged no stack trace.
 *
 * FUZZ_SEED picks other cases (the default is fixed, so a failure reproduces); FUZZ_CASES_PER_ROUTE
 * sets how many a route gets: 60 by default, and 0 skips the fuzz. npm run test:all runs 150 a route on
 * PostgreSQL (issue 15 asked 500, about 300 s of CPU; issue 29 cut it to 250, then 150, to fit the
 * whole run in 20 minutes) and none on PGlite, where each request costs twice as much and the same
 * SQL engine answers: the PostgreSQL run proves the point once (issue 29). The routes
 * are dealt to ROUTE_FUZZ_SHARDS files, route-fuzz-<n>.test.ts, so that vitest's workers share them.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 152_026);
const CASES_PER_ROUTE = Number(process.env['FUZZ_CASES_PER_ROUTE'] ?? 60);
// Several requests in flight: PostgreSQL works on them side by side (PGlite takes them in turn).
const CONCURRENCY = 4;
// A GET route's first two cases (a visitor's and an administrator's) and every third after them go again as HEAD:
// every route and identity, at a third of the GET cases' cost (all of them added ≈ 45 % to the fuzz's CPU).
const HEAD_EVERY = 3;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

function routeSeed(route: FuzzRoute): number {
  let hash = SEED;
  for (const char of `${route.method} ${route.url}`) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

/** A case as a failure report prints it: short enough to read, enough to reproduce with the seed. */
function describeCase(route: FuzzRoute, fuzzCase: FuzzCase, visitor: boolean, response: LightMyRequestResponse): string {
  const options = injectOptions(route, fuzzCase, {});
  const payload =
    typeof options.payload === 'string' ? options.payload : Buffer.isBuffer(options.payload) ? options.payload.toString('latin1') : '';
  return [
    `${route.method} ${route.url} as ${visitor ? 'visitor' : 'admin'} (${fuzzCase.mutation}) → ${response.statusCode}`,
    `  url: ${String(options.url).slice(0, 200)}`,
    `  body: ${payload.slice(0, 200)}`,
    `  answer: ${response.body.slice(0, 300)}`,
  ].join('\n');
}

/** Counts by key, printed as `key×count`. */
class Tally extends Map<string, number> {
  add(key: string): void {
    this.set(key, (this.get(key) ?? 0) + 1);
  }

  override toString(): string {
    return [...this].map(([key, count]) => `${key}×${count}`).join(' ');
  }
}

export const ROUTE_FUZZ_SHARDS = 4;

/** The fuzz of every ROUTE_FUZZ_SHARDS-th route, starting at `shard`, as one test file's suite. */
export function describeRouteFuzz(shard: number): void {
  describe.skipIf(CASES_PER_ROUTE === 0)(
    `every route, fuzzed from its own request schemas (share ${shard + 1} of ${ROUTE_FUZZ_SHARDS})`,
    () => {
      let t: TestApp;
      const logWatch = new LogStackWatch();
      let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
      // One of each of the three administrators (三权分立, ADR 0068); each route's cases go as the one whose duty it is.
      const admins = new Map<string, TestUser>();
      const adminIds = new Set<string>();
      const adminFor = (route: FuzzRoute): TestUser => {
        const admin = admins.get(administratorOf(route));
        if (!admin) throw new Error(`no ${administratorOf(route)} for ${route.url}`);
        return admin;
      };

      const newAdmin = async (): Promise<void> => {
        for (const role of [SYSTEM_ADMIN_ROLE, SECURITY_ADMIN_ROLE, AUDIT_ADMIN_ROLE]) {
          const admin = await createLoggedInUser(t, `fuzz${role}`, role);
          admins.set(role, admin);
          adminIds.add(admin.id);
        }
      };

      beforeAll(async () => {
        // A copy of the schemas folder: a well-formed POST /api/studio/create writes a new unit's files (ADR 0040).
        schemas = await makeSchemasDir([], { repoActivities: true });
        // At info, so Fastify logs each answer's status beside the request's id (LogStackWatch).
        // Thousands of a visitor's reads from one address a minute: the anonymous read budget (R28) would answer them 429.
        t = await createTestApp({
          openapi: true,
          schemasDir: schemas.dir,
          logger: serverLoggerOptions('info', logWatch.stream),
          anonymousReadsPerMinute: 0,
        });
        await newAdmin();
      });
      afterAll(async () => {
        await t?.close();
        await schemas?.cleanup();
      });

      it(
        'answers every request below 500, HEAD and OPTIONS too, refuses every invalid one with a 4xx, and leaks nothing',
        async () => {
          const started = performance.now();
          const cpuAtStart = process.cpuUsage();
          const routes = fuzzRoutes(t.app).filter((_, index) => index % ROUTE_FUZZ_SHARDS === shard);
          const resolveRef = refResolver(t.app);
          const oracle = new FuzzOracle();
          // Ids the app answered with: later cases use some of them, so they reach real records.
          const knownIds = new Set<string>();
          // One example per route and kind of failure, and how often each happened.
          const failures = new Map<string, { example: string; count: number }>();
          const statuses = new Tally();
          const identities = new Tally();
          const routeMs: { route: string; ms: number }[] = [];
          let adminsReplaced = 0;
          let clockJumps = 0;

          for (const route of routes) {
            const routeStarted = performance.now();
            const ids = [...knownIds].slice(-100);
            const cases = fc.sample(fuzzCaseArbitrary(route, { resolveRef, knownIds: () => ids }), {
              seed: routeSeed(route),
              numRuns: CASES_PER_ROUTE,
            });
            // A visitor only ever gets 401 on a route that needs a login, so most of those cases are the administrator's.
            const isVisitor = (index: number): boolean => (route.access === 'public' ? index % 2 === 0 : index % 5 === 0);
            let sessionLost = false;
            let retryAfterSeconds = 0;

            const report = (method: string, problems: string[], explain: () => string): void => {
              for (const problem of problems) {
                const key = `${method} ${route.url}: ${problem.replace(/ \(….*$/s, '')}`;
                const seen = failures.get(key);
                if (seen) seen.count += 1;
                else failures.set(key, { example: `${problem}: ${explain()}`, count: 1 });
              }
            };
            const noteLimit = (response: LightMyRequestResponse): void => {
              if (response.statusCode === 429)
                retryAfterSeconds = Math.max(retryAfterSeconds, Number(response.headers['retry-after']) || 60);
            };

            const run = async (fuzzCase: FuzzCase, index: number): Promise<void> => {
              const visitor = isVisitor(index);
              const options = injectOptions(route, fuzzCase, visitor ? {} : adminFor(route).auth);
              const response = await t.app.inject(options);
              const status = response.statusCode;
              statuses.add(String(status));
              identities.add(visitor ? 'visitor' : 'admin');
              if (!visitor && status === 401) sessionLost = true;
              noteLimit(response);
              const problems: string[] = [];
              if (status >= 500) problems.push('a 5xx');
              const leak = responseLeak(response.body);
              if (leak) problems.push(`${leak} in the answer`);
              const expected = oracle.refusalExpected(route, fuzzCase, visitor);
              if (expected && (status < 400 || status >= 500)) problems.push(`not refused with a 4xx, though ${expected}`);
              report(route.method, problems, () => describeCase(route, fuzzCase, visitor, response));
              if (status < 300) for (const id of response.body.match(UUID) ?? []) if (!adminIds.has(id)) knownIds.add(id);
              if (route.method !== 'GET' || !(index < 2 || index % HEAD_EVERY === 0)) return;

              // The same request as HEAD: Fastify runs the GET route for it, and only the body may differ (none).
              const head = await t.app.inject({ ...options, method: 'HEAD' });
              statuses.add(`HEAD ${head.statusCode}`);
              noteLimit(head);
              if (!visitor && head.statusCode === 401) sessionLost = true;
              const headProblems: string[] = [];
              if (head.statusCode >= 500) headProblems.push('a 5xx');
              if (head.rawPayload.length > 0) headProblems.push('a body');
              // A rate limit counts HEAD and GET apart, and a lost session shows on one of the two first.
              const comparable = ![429, 401].includes(status) && ![429, 401].includes(head.statusCode);
              if (comparable && head.statusCode !== status) headProblems.push(`status ${head.statusCode} where GET had ${status}`);
              if (comparable && head.headers['content-type'] !== response.headers['content-type'])
                headProblems.push(
                  `content type ${String(head.headers['content-type'])} where GET had ${String(response.headers['content-type'])}`,
                );
              report('HEAD', headProblems, () => `as HEAD, ${describeCase(route, fuzzCase, visitor, head)}`);
            };

            // OPTIONS once as each identity, as a browser's preflight asks about a resource: the path of the first cases
            // whose params are the route's own (not made wrong), no query, no body.
            const pathCases = cases.filter((fuzzCase) => !fuzzCase.mutation.startsWith('param '));
            for (const [offset, fuzzCase] of pathCases.slice(0, 2).entries()) {
              const visitor = offset === 0;
              const { url } = injectOptions(route, { ...fuzzCase, query: [], body: { kind: 'none' } }, {});
              const response = await t.app.inject({
                method: 'OPTIONS',
                url,
                headers: {
                  ...(visitor ? {} : adminFor(route).auth),
                  origin: 'https://elsewhere.example',
                  'access-control-request-method': route.method,
                },
                remoteAddress: fuzzCase.remoteAddress,
              });
              statuses.add(`OPTIONS ${response.statusCode}`);
              const allow = String(response.headers['allow'] ?? '').split(', ');
              const problems: string[] = [];
              if (response.statusCode >= 500) problems.push('a 5xx');
              else if (
                response.statusCode === 204 ? !allow.includes(route.method) : response.statusCode !== 404 || !route.url.includes('*')
              )
                problems.push(`${response.statusCode} with Allow: ${allow.join(', ')}`);
              // Same-origin only: no CORS grant to another origin's preflight.
              if (Object.keys(response.headers).some((name) => name.startsWith('access-control-allow-')))
                problems.push('a CORS grant to another origin');
              report('OPTIONS', problems, () => `as OPTIONS, ${describeCase(route, fuzzCase, visitor, response)}`);
            }

            for (let index = 0; index < cases.length; index += CONCURRENCY) {
              await Promise.all(cases.slice(index, index + CONCURRENCY).map((fuzzCase, offset) => run(fuzzCase, index + offset)));
              // Limited: wait as long as the server asks (on its clock), so the next cases get past the limit to the route.
              if (retryAfterSeconds > 0) {
                t.clock.advance(Math.min(retryAfterSeconds + 1, 24 * 60 * 60) * 1000);
                clockJumps += 1;
                retryAfterSeconds = 0;
              }
              // A case may log the administrator out, lock or demote them, or the clock outrun the session: a fresh one goes on.
              if (sessionLost) {
                adminsReplaced += 1;
                sessionLost = false;
                await newAdmin();
              }
            }
            routeMs.push({ route: `${route.method} ${route.url}`, ms: performance.now() - routeStarted });
          }

          const cpu = process.cpuUsage(cpuAtStart);
          const slowest = [...routeMs].sort((a, b) => b.ms - a.ms).slice(0, 5);
          console.log(
            [
              `route fuzz, share ${shard + 1} of ${ROUTE_FUZZ_SHARDS}: seed ${SEED}, ${routes.length} routes × ${CASES_PER_ROUTE} cases (${identities}) in ${((performance.now() - started) / 1000).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU`,
              `  statuses: ${[...statuses]
                .sort()
                .map(([status, count]) => `${status}×${count}`)
                .join(' ')}`,
              `  clock moved past a rate limit ${clockJumps} times; administrator replaced ${adminsReplaced} times; ${oracle.uncompiled} schemas not judged; ${knownIds.size} ids seen for later cases`,
              `  slowest routes: ${slowest.map((entry) => `${entry.route} ${Math.round(entry.ms)} ms`).join(', ')}`,
            ].join('\n'),
          );
          for (const { status, request, frame } of logWatch.refusedWithStack) {
            const key = `${request.replace(/\?.*$/, '')}: a stack trace in the log for a ${status}`;
            const seen = failures.get(key);
            if (seen) seen.count += 1;
            else failures.set(key, { example: `${key}: ${request} ${frame}`, count: 1 });
          }
          const report = [...failures.values()].map(({ example, count }) => `${count}× ${example}`);
          expect(report, `${report.length} kinds of failure`).toEqual([]);
        },
        Math.max(300_000, CASES_PER_ROUTE * 10_000),
      );
    },
  );
}
