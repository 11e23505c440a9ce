import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateValues } from '../../../src/client/engine/validate-values';
import { toActivityDefinition } from '../../../src/shared/activity/activity-definition';
import { compileActivity } from '../../../src/shared/activity/compile-activity';
import { validateApplication } from '../../../src/shared/activity/validate-application';
import type { ActivityManifestFile } from '../../../src/shared/generated/activity-manifest-file';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import { pruneEmpty } from '../../../src/shared/schema/prune-empty';
import { objectArb } from './schema-arbitrary';

/**
 * The browser's verdict (validateValues) and the server's (ajv through validateApplication) must
 * agree on every record the form can send: the StepForm relies on it to find every failing step
 * before submit. Every seeded activity folder is read at test time, so a new one is covered too.
 */

const ACTIVITIES_DIR = join(process.cwd(), 'schemas', 'activities');
const RUNS_PER_STEP = 200;

function loadActivity(folder: string) {
  const dir = join(ACTIVITIES_DIR, folder);
  const files = new Map<string, unknown>();
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.json')) files.set(name, JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown);
  }
  const definition = toActivityDefinition(files.get('manifest.json') as ActivityManifestFile, files, 'test');
  return { definition, compiled: compileActivity(createAjv(), definition) };
}

const folders = readdirSync(ACTIVITIES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** `path keyword` pairs, sorted: the agreement is on which fields fail and by which rule. */
const verdictOf = (errors: ReadonlyArray<{ path: string; keyword: string }>): string[] =>
  [...new Set(errors.map((e) => `${e.path} ${e.keyword}`))].sort();

describe('validateValues agrees with the server (ajv) on every step of every seeded activity', () => {
  it('finds the seeded activity folders', () => {
    expect(folders.length).toBeGreaterThanOrEqual(2);
  });

  for (const folder of folders) {
    const { definition, compiled } = loadActivity(folder);
    for (const step of definition.steps) {
      it(`${folder} / ${step.key}`, () => {
        let invalidSeen = 0;
        let validSeen = 0;
        fc.assert(
          fc.property(objectArb(step.schema), (generated) => {
            // What the submit pipeline sends: empty strings and nulls pruned.
            const data = pruneEmpty(generated) as Record<string, unknown>;
            const server = validateApplication(compiled, { [step.key]: data }, 'zh-CN', { steps: [step.key] });
            const client = validateValues(step.schema, data, 'zh-CN');
            if (server.length > 0) invalidSeen += 1;
            else validSeen += 1;
            expect(verdictOf(client)).toEqual(verdictOf(server));
            // The same shared messages on both sides.
            expect(new Set(client.map((e) => `${e.path} ${e.message}`))).toEqual(new Set(server.map((e) => `${e.path} ${e.message}`)));
          }),
          { numRuns: RUNS_PER_STEP },
        );
        // The generator must exercise both verdicts, or the agreement proves little.
        expect(invalidSeen).toBeGreaterThan(0);
        expect(validSeen + invalidSeen).toBe(RUNS_PER_STEP);
      });
    }
  }
});
