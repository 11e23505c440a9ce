// Prints the suite's closing lines from the vitest and Playwright JSON reports: "N passed, N failed",
// preceded by each failure's name and the start of its message, so that the tail of a CI log, which
// is often all there is to read, says what failed and why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MESSAGE_LINES = 12;
const [dir, failedSteps = '0', phasesFile, wallSeconds] = process.argv.slice(2);

function firstLines(text) {
  return (
    String(text ?? '')
      // eslint-disable-next-line no-control-regex -- terminal colours in Playwright's messages
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      // The runner's own frames say nothing about the failure.
      .filter((line) => line.trim() !== '' && !/^\s*at .*node_modules/.test(line) && !/^\s*at new Promise/.test(line))
      .slice(0, MESSAGE_LINES)
      .map((line) => `      ${line.slice(0, 300)}`)
      .join('\n')
  );
}

function playwrightFailures(report, status = 'unexpected') {
  const failures = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue;
        const attempts = (test.results ?? []).filter((attempt) => attempt.error);
        // A flaky test's failed try says what went wrong once. A failure's first try says why it failed: its
        // retry, in a serial group, meets what the first try left (a password already reset), so its error
        // is printed second, when it differs.
        const first = attempts[0]?.error?.message ?? '';
        const last = attempts.at(-1)?.error?.message ?? '';
        failures.push({
          title: `${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`,
          message: first,
          retryMessage: status === 'flaky' || last === first ? '' : last,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  if (status === 'unexpected') for (const error of report.errors ?? []) failures.push({ title: 'Playwright', message: error.message });
  return failures;
}

let passed = 0;
let failed = 0;
const reports = existsSync(dir) ? readdirSync(dir).sort() : [];
for (const name of reports.filter((file) => file.endsWith('.json') && !file.startsWith('failures-'))) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  const isVitest = name.startsWith('vitest');
  const counts = isVitest
    ? // A file that fails to load has no failed test but is a failed suite.
      { passed: report.numPassedTests ?? 0, failed: Math.max(report.numFailedTests ?? 0, report.numFailedTestSuites ?? 0) }
    : // A flaky test failed once and passed on its retry (test:all gives each e2e test one): it counts as passed, and is named below.
      {
        passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
        failed: (report.stats?.unexpected ?? 0) + (report.errors?.length ?? 0),
      };
  console.log(`  ${name}: ${counts.passed} passed, ${counts.failed} failed`);
  // scripts/lib/failure-reporter.mjs wrote vitest's failures beside its report, hook errors included.
  const failuresFile = path.join(dir, `failures-${name}`);
  const failures = isVitest ? (existsSync(failuresFile) ? JSON.parse(readFileSync(failuresFile, 'utf8')) : []) : playwrightFailures(report);
  for (const failure of failures) {
    console.log(`    ✗ ${failure.title}`);
    const message = firstLines(failure.message);
    if (message) console.log(message);
    const retry = firstLines(failure.retryMessage);
    if (retry) console.log(`      and on its retry:\n${retry}`);
  }
  if (!isVitest) {
    for (const flaky of playwrightFailures(report, 'flaky')) {
      console.log(`    ~ passed on its retry: ${flaky.title}`);
      const message = firstLines(flaky.message);
      if (message) console.log(message);
    }
  }
  passed += counts.passed;
  failed += counts.failed;
}
// A step that failed outside a test runner (set-up, lint, typecheck) is a failure as well.
if (failed === 0) failed = Number(failedSteps);
// scripts/test-all.sh's step() wrote one line a step: name, seconds, ok or FAILED.
if (phasesFile && existsSync(phasesFile)) {
  const phases = readFileSync(phasesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  const width = Math.max(10, ...phases.map(([name]) => name.length));
  console.log('phase times:');
  for (const [name, seconds, outcome] of phases)
    console.log(`  ${name.padEnd(width)} ${seconds.padStart(5)} s${outcome === 'ok' ? '' : `  ${outcome}`}`);
  const sum = phases.reduce((total, [, seconds]) => total + Number(seconds), 0);
  console.log(
    `  ${'sum of steps'.padEnd(width)} ${String(sum).padStart(5)} s (the e2e suite and the lane of the other checks run side by side)`,
  );
  if (wallSeconds) console.log(`  ${'wall time'.padEnd(width)} ${wallSeconds.padStart(5)} s`);
}
console.log(`${passed} passed, ${failed} failed`);
