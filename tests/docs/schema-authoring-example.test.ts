import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import { generateTypes } from '../../scripts/lib/generate-types';
import { DEFAULT_SCHEMAS_DIR } from '../../scripts/lib/schema-files';
import { docActivityExample, stripJsonComments } from '../fixtures/doc-activity-example';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-doc-'));
  await cp(DEFAULT_SCHEMAS_DIR, dir, { recursive: true });
  for (const [file, value] of docActivityExample()) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), JSON.stringify(value, null, 2));
  }
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the activity example in docs/schema-authoring.md', () => {
  it('has the manifest and the three step files', () => {
    expect([...docActivityExample().keys()]).toEqual([
      'activities/tech-voucher/manifest.json',
      'activities/tech-voucher/company.schema.json',
      'activities/tech-voucher/services.schema.json',
      'activities/tech-voucher/materials.schema.json',
    ]);
  });

  it('passes schemas:check as written', async () => {
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([]);
  });

  it('gets its types from gen:types', async () => {
    const files = await generateTypes(dir);
    expect(files.get('tech-voucher-application.ts')).toContain('services?: TechVoucherServicesStep;');
    expect(files.get('tech-voucher-company-step.ts')).toContain('certificateNo?: string;');
  });
});

describe('stripJsonComments', () => {
  it('keeps // inside strings and drops it outside', () => {
    expect(JSON.parse(stripJsonComments('{ "a": "https://x/y" // note\n, "b": "\\"//" }'))).toEqual({ a: 'https://x/y', b: '"//' });
  });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edits of parsed JSON in a test

const file = (files: Map<string, unknown>, name: string): Json => files.get(`activities/tech-voucher/${name}`) as Json;
const subsidy = (files: Map<string, unknown>, rule: Json): void => {
  file(files, 'services.schema.json')['properties'].services.items.properties.subsidy = {
    type: 'number',
    title: '申请补贴（万元）',
    'x-compare': rule,
  };
};

// Each mistake of the guide's §9.6 (and §4.1) tables, made on the example; the guide must print exactly what schemas:check prints.
const MISTAKES: Array<[string, (files: Map<string, unknown>) => void]> = [
  ['id', (f) => (file(f, 'manifest.json')['id'] = 'tech-vouchers')],
  ['closesAt', (f) => (file(f, 'manifest.json')['window'].closesAt = '2027-01-31 17:00')],
  ['route', (f) => (file(f, 'manifest.json')['steps'][0].route = 'companyinfo')],
  ['schema name', (f) => (file(f, 'manifest.json')['steps'][1].schema = 'service.schema.json')],
  ['missing step', (f) => f.delete('activities/tech-voucher/services.schema.json')],
  ['$id', (f) => (file(f, 'company.schema.json')['$id'] = 'https://schemas.kechuang.local/activities/voucher/company.schema.json')],
  ['additionalProperties', (f) => delete file(f, 'services.schema.json')['properties'].services.items.additionalProperties],
  ['x-upload', (f) => delete file(f, 'materials.schema.json')['properties'].licence['x-upload']],
  ['if required', (f) => delete file(f, 'company.schema.json')['if'].required],
  ['then typo', (f) => (file(f, 'company.schema.json')['then'].required = ['certificateNum'])],
  ['if type', (f) => (file(f, 'company.schema.json')['if'].properties.isHighTech = { type: 'boolean' })],
  ['x-unique', (f) => (file(f, 'services.schema.json')['properties'].services.items.properties.amount['x-unique'] = true)],
  ['accept', (f) => (file(f, 'materials.schema.json')['properties'].licence['x-upload'].accept = ['pdf', 'jpeg'])],
  // §4.1: a 申请补贴 column added to the services rows, its x-compare broken three ways.
  ['x-compare op', (f) => subsidy(f, { op: '=<', field: 'amount' })],
  ['x-compare field', (f) => subsidy(f, { op: '<=', field: 'amout' })],
  ['x-compare kind', (f) => subsidy(f, { op: '<=', field: 'provider' })],
  // §4.2: the founding date's rule against today, broken two ways.
  ['x-compare now on a date', (f) => (file(f, 'company.schema.json')['properties'].establishedDate['x-compare'] = { op: '<=', now: true })],
  [
    'x-compare field and today',
    (f) => (file(f, 'company.schema.json')['properties'].establishedDate['x-compare'] = { op: '<=', today: true, field: 'companyName' }),
  ],
];

describe('the common mistakes table in docs/schema-authoring.md §9.6', () => {
  it.each(MISTAKES)('prints exactly what schemas:check prints (%s)', async (_name, change) => {
    const { readFile } = await import('node:fs/promises');
    const guide = await readFile(path.resolve(import.meta.dirname, '../../docs/schema-authoring.md'), 'utf8');
    const broken = await mkdtemp(path.join(os.tmpdir(), 'schemas-mistake-'));
    try {
      await cp(DEFAULT_SCHEMAS_DIR, broken, { recursive: true });
      const files = docActivityExample();
      change(files);
      for (const [name, value] of files) {
        await mkdir(path.dirname(path.join(broken, name)), { recursive: true });
        await writeFile(path.join(broken, name), JSON.stringify(value, null, 2));
      }
      const lines = (await checkSchemaTree(broken)).map(formatProblem);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(guide).toContain(`\`${line}\``);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
