// A vitest reporter that writes every failure, with its message, to FAILURES_FILE as JSON. The JSON
// reporter drops the error of a failing beforeAll (its tests are merely "skipped"), and that error is
// what a CI log's tail must show; scripts/lib/summarise-results.mjs prints this file at the end.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const message = (errors) => (errors ?? []).map((error) => error?.stack || error?.message || String(error)).join('\n');

export default class FailureReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.FAILURES_FILE;
    if (!file) return;
    const failures = [];
    for (const module of testModules) {
      const where = path.relative(process.cwd(), module.moduleId);
      if (module.errors().length > 0)
        failures.push({ title: `${where} (loading or a hook of the file)`, message: message(module.errors()) });
      for (const suite of module.children.allSuites()) {
        if (suite.errors().length > 0)
          failures.push({ title: `${where} › ${suite.fullName} (a hook of the suite)`, message: message(suite.errors()) });
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'failed') failures.push({ title: `${where} › ${test.fullName}`, message: message(result.errors) });
      }
    }
    for (const error of unhandledErrors) failures.push({ title: 'unhandled error', message: message([error]) });
    writeFileSync(file, JSON.stringify(failures, null, 1));
  }
}
