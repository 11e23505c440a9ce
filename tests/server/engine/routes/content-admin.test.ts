import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addFixtureActivity,
  call,
  completeTinyGrant,
  makeSchemasDir,
  submit,
  type Envelope,
  type ViewBody,
} from '../../helpers/activity-fixtures';
import { checkSchemaTree } from '../../../../scripts/lib/check-schema-tree';
import { createTestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

describe('a content administrator adds an activity by adding a folder', () => {
  it('serves a new folder after a restart, and an application can be completed and submitted through the API', async () => {
    // A copy of the repository's schemas, its activities included, plus one new folder.
    const schemas = await makeSchemasDir([], { repoActivities: true });
    try {
      const before = await createTestApp({ schemasDir: schemas.dir });
      try {
        expect((await call(before, undefined, 'GET', '/api/schemas/activities/science-voucher')).statusCode).toBe(404);
      } finally {
        await before.close();
      }

      await addFixtureActivity(schemas.dir, { id: 'science-voucher' });
      const t = await createTestApp({ schemasDir: schemas.dir });
      try {
        const list = (await call(t, undefined, 'GET', '/api/schemas/activities')).json<Envelope<{ id: string }[]>>().data;
        expect(list.map((activity) => activity.id)).toContain('science-voucher');
        const user = await createLoggedInUser(t, 'applicant');
        const ready = await completeTinyGrant(t, user, 'science-voucher', '新增活动的项目');
        const response = await submit(t, user, 'science-voucher', ready.version);
        expect(response.statusCode).toBe(200);
        expect(response.json<Envelope<ViewBody>>().data).toMatchObject({ activityId: 'science-voucher', status: 'submitted' });
      } finally {
        await t.close();
      }
    } finally {
      await schemas.cleanup();
    }
  });

  it('leaves a broken folder out, naming the file and the JSON pointer in the log, the health details and the studio, while the rest runs', async () => {
    const schemas = await makeSchemasDir([{ id: 'broken-grant' }, { id: 'good-grant' }]);
    try {
      const file = join(schemas.dir, 'activities', 'broken-grant', 'basic.schema.json');
      const schema = JSON.parse(await readFile(file, 'utf8')) as { properties: Record<string, Record<string, unknown>> };
      schema.properties['budget'] = { ...schema.properties['budget'], maximun: 10 };
      await writeFile(file, JSON.stringify(schema));
      await mkdir(join(schemas.dir, 'activities', 'no-manifest'));
      const lines: string[] = [];
      const t = await createTestApp({
        schemasDir: schemas.dir,
        logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
      });
      try {
        expect((await call(t, undefined, 'GET', '/api/schemas/activities/good-grant')).statusCode).toBe(200);
        expect((await call(t, undefined, 'GET', '/api/schemas/activities/broken-grant')).statusCode).toBe(404);
        expect(lines.join('\n')).toMatch(/activities\/broken-grant\/basic\.schema\.json#\/properties\/budget\/maximun/);
        expect(lines.join('\n')).toMatch(/activities\/no-manifest\/manifest\.json/);
        expect((await call(t, undefined, 'GET', '/api/health')).json<{ skippedSchemas: string[] }>().skippedSchemas).toEqual([
          'activities/broken-grant',
          'activities/no-manifest',
        ]);
        const editor = await createLoggedInUser(t, 'editor', 'editor');
        const units = (await call(t, editor, 'GET', '/api/studio/units')).json<
          Envelope<{ name: string; problems: { file: string; pointer: string }[] }[]>
        >().data;
        expect(units.find((unit) => unit.name === 'broken-grant')?.problems).toContainEqual(
          expect.objectContaining({ file: 'activities/broken-grant/basic.schema.json', pointer: '/properties/budget/maximun' }),
        );
        expect(units.find((unit) => unit.name === 'good-grant')?.problems).toEqual([]);
      } finally {
        await t.close();
      }
      // schemas:check still fails on it.
      expect((await checkSchemaTree(schemas.dir)).map((problem) => problem.file)).toEqual(
        expect.arrayContaining(['activities/broken-grant/basic.schema.json']),
      );
    } finally {
      await schemas.cleanup();
    }
  });
});
