// npm run bench:excel — prints figures, asserts nothing (issue 11's bar: 10,000 rows read, validated
// and committed within 60 s). Through the real app and routes (app.inject, multipart), on PGlite and
// then on a throwaway PostgreSQL 15: the check of a 10,000-row .xlsx (upload, zip checks, the
// worker's read, every row against the record schema), the import of the same file (all of that
// again, then one transaction), and the export of the 10,000 rows.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { multipartBody } from '../server/helpers/activity-fixtures';
import { creditWorkbook } from '../server/helpers/credit-workbook';
import { createTestApp } from '../server/helpers/test-app';
import { TEST_DATABASE_URL } from '../server/helpers/test-database';
import { createLoggedInUser } from '../server/helpers/test-users';
import { startThrowawayPostgres } from './throwaway-postgres';

const ROWS = Number(process.env['BENCH_ROWS'] ?? 10_000);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function measure(label: string): Promise<void> {
  const file = await creditWorkbook(ROWS);
  const t = await createTestApp();
  try {
    const officer = await createLoggedInUser(t, 'bench', 'integrity');
    const post = async (url: string): Promise<{ status: number; ms: number }> => {
      const body = multipartBody({}, { filename: 'credit.xlsx', content: file, contentType: XLSX });
      const started = performance.now();
      const response = await t.app.inject({ method: 'POST', url, headers: { ...officer.auth, ...body.headers }, payload: body.payload });
      return { status: response.statusCode, ms: performance.now() - started };
    };
    const rssBefore = process.memoryUsage().rss;
    const check = await post('/api/resources/credit/import/check');
    const commit = await post('/api/integrity/app/credit/info/import-excel');
    const started = performance.now();
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/resources/credit/lists/all/export',
      headers: officer.auth,
      payload: {},
    });
    const exportMs = performance.now() - started;
    const rssAfter = process.memoryUsage().rss;
    const line = (name: string, ms: number, status: number): string =>
      `${label.padEnd(12)} ${name.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${Math.round(ROWS / (ms / 1000))
        .toString()
        .padStart(7)} rows/s  HTTP ${status}`;
    console.log(`${label}: ${ROWS} rows, file ${(file.length / 1024).toFixed(0)} KB`);
    console.log(line('check (read + validate)', check.ms, check.status));
    console.log(line('import (read+validate+commit)', commit.ms, commit.status));
    console.log(line('export', exportMs, exported.statusCode) + `  ${(exported.rawPayload.length / 1024).toFixed(0)} KB`);
    console.log(`${label.padEnd(12)} RSS ${(rssBefore / 1048576).toFixed(0)} MB → ${(rssAfter / 1048576).toFixed(0)} MB`);
  } finally {
    await t.close();
  }
}

if (TEST_DATABASE_URL) {
  await measure('PostgreSQL');
} else {
  await measure('PGlite');
  const postgres = await startThrowawayPostgres();
  try {
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: postgres.url },
    });
  } finally {
    postgres.stop();
  }
}
