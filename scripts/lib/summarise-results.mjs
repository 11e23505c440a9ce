// Prints the suite's closing line, "N passed, N failed", from the vitest and Playwright JSON reports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, failedSteps = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  const counts = name.startsWith('vitest')
    ? // A file that fails to load has no failed test but is a failed suite.
      { passed: report.numPassedTests ?? 0, failed: Math.max(report.numFailedTests ?? 0, report.numFailedTestSuites ?? 0) }
    : { passed: report.stats?.expected ?? 0, failed: (report.stats?.unexpected ?? 0) + (report.errors?.length ?? 0) };
  console.log(`  ${name}: ${counts.passed} passed, ${counts.failed} failed`);
  passed += counts.passed;
  failed += counts.failed;
}
// A step that failed outside a test runner (set-up, lint, typecheck) is a failure as well.
if (failed === 0) failed = Number(failedSteps);
console.log(`${passed} passed, ${failed} failed`);
