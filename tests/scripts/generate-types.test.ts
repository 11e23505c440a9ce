import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileNameFromType, GENERATED_DIR, generateTypes, typeNameFromId } from '../../scripts/lib/generate-types';
import { DEFAULT_SCHEMAS_DIR } from '../../scripts/lib/schema-files';

const root = path.resolve(import.meta.dirname, '../..');

describe('gen:types', () => {
  it('names types from $id', () => {
    expect(typeNameFromId('https://schemas.kechuang.local/forms/message.schema.json')).toBe('MessageForm');
    expect(typeNameFromId('https://schemas.kechuang.local/forms/financing-apply.schema.json')).toBe('FinancingApplyForm');
    expect(fileNameFromType('FinancingApplyForm')).toBe('financing-apply-form.ts');
    expect(typeNameFromId('https://schemas.kechuang.local/activities/tech-voucher/leadProject.schema.json')).toBe(
      'TechVoucherLeadProjectStep',
    );
  });

  it('types every activity step, and the whole application in manifest order', async () => {
    const files = await generateTypes(DEFAULT_SCHEMAS_DIR);
    const application = files.get('hightech-cultivation-application.ts') ?? '';
    expect(application).toContain('export interface HightechCultivationApplication {');
    expect(application.indexOf('company?: HightechCultivationCompanyStep;')).toBeLessThan(
      application.indexOf('industry?: HightechCultivationIndustryStep;'),
    );
    // Attachments are references to uploaded files, typed by the one FileRef.
    const withUploads = [...files.values()].filter((source) => source.includes('FileRef[]'));
    expect(withUploads.length).toBeGreaterThan(0);
    for (const source of withUploads) expect(source).toMatch(/import type \{ ?FileRef ?\} from ["']\.\/file-ref["'];/);
  });

  it('committed generated types are fresh (run npm run gen:types when this fails)', async () => {
    const expected = await generateTypes(DEFAULT_SCHEMAS_DIR);
    const dir = path.join(root, GENERATED_DIR);
    expect((await readdir(dir)).sort()).toEqual([...expected.keys()].sort());
    for (const [name, content] of expected) {
      expect(await readFile(path.join(dir, name), 'utf8'), name).toBe(content);
    }
  });

  it('types the message form without NoName and without index signatures', async () => {
    const source = (await generateTypes(DEFAULT_SCHEMAS_DIR)).get('message-form.ts') ?? '';
    expect(source).toContain('export interface MessageForm {');
    expect(source).toContain('theme: string;');
    expect(source).toContain('email?: string;');
    expect(source).not.toMatch(/NoName|\[k: string\]/);
  });

  it('types a property a content administrator adds, with no code change', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-'));
    try {
      await cp(DEFAULT_SCHEMAS_DIR, dir, { recursive: true });
      const file = path.join(dir, 'forms/message.schema.json');
      const schema = JSON.parse(await readFile(file, 'utf8')) as { properties: Record<string, unknown> };
      schema.properties['company'] = { type: 'string', title: '单位名称', maxLength: 40 };
      await writeFile(file, JSON.stringify(schema));
      const source = (await generateTypes(dir)).get('message-form.ts') ?? '';
      expect(source).toMatch(/\/\*\*\n\s+\* 单位名称\n\s+\*\/\n\s+company\?: string;/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
