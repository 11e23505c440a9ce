import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import { DEFAULT_SCHEMAS_DIR } from '../../scripts/lib/schema-files';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-'));
  await cp(DEFAULT_SCHEMAS_DIR, dir, { recursive: true });
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('schemas:check', () => {
  it('passes on the shipped schemas', async () => {
    expect(await checkSchemaTree(DEFAULT_SCHEMAS_DIR)).toEqual([]);
  });

  it('names the file and pointer of each problem', async () => {
    await writeFile(path.join(dir, 'forms/broken.schema.json'), '{ "title": ');
    await writeFile(
      path.join(dir, 'forms/poll.schema.json'),
      JSON.stringify({
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'https://schemas.kechuang.local/forms/poll.schema.json',
        title: '调查',
        type: 'object',
        properties: { choice: { type: 'string', 'x-dict': 'no_such_dict' } },
      }),
    );
    await writeFile(path.join(dir, 'dicts/colour.json'), JSON.stringify({ code: 'color', name: '颜色', items: [] }));
    const lines = (await checkSchemaTree(dir)).map(formatProblem);
    expect(lines.filter((line) => /^forms\/broken\.schema\.json#: 不是合法的 JSON/.test(line))).toHaveLength(1);
    expect(lines).toContain('dicts/colour.json#/items: 至少需要 1 项');
    expect(lines).toContain('forms/poll.schema.json#/properties/choice/x-dict: x-dict 引用的字典 "no_such_dict" 不存在（应有 dicts/no_such_dict.json）');
  });
});
