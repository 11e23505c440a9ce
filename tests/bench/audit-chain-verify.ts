// tsx tests/bench/audit-chain-verify.ts [rows]
// What GET /integrity/app/audit/verify costs (ADR 0068): the audit administrator's on-demand check walks the
// whole hash chain, as the nightly job does. Writes `rows` audit rows on an embedded PGlite, then times the route.
// Prints figures only (docs/performance.md); no assertion.
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../server/helpers/test-app';
import { createLoggedInUser } from '../server/helpers/test-users';
import { writeAudit } from '../../src/server/services/audit/write-audit';

const rows = Number(process.argv[2] ?? 20_000);
const t = await createTestApp();
try {
  const auditor = await createLoggedInUser(t, 'auditor', 'auditAdmin');
  const started = performance.now();
  for (let index = 0; index < rows; index += 1)
    await writeAudit(t.db, {
      event: 'LOGIN_SUCCESS',
      result: 'success',
      username: `bench${index % 100}`,
      ip: '10.0.0.1',
      requestId: `bench-${index}`,
      at: new Date(Date.UTC(2026, 10, 1) + index * 1000),
    });
  console.log(`wrote ${rows} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (let run = 1; run <= 3; run += 1) {
    const before = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/integrity/app/audit/verify', headers: auditor.auth });
    const ms = performance.now() - before;
    console.log(
      `verify run ${run}: HTTP ${response.statusCode} ${response.body} in ${ms.toFixed(0)} ms (${Math.round(rows / (ms / 1000))} rows/s)`,
    );
  }
} finally {
  await t.close();
}
