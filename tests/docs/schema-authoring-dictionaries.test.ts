import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMAS_DIR } from '../../scripts/lib/schema-files';

const GUIDE = path.resolve(import.meta.dirname, '../../docs/schema-authoring.md');

/** The rows of §5.1's table: code, name and item count, as the guide prints them. */
function tableRows(): Array<{ code: string; name: string; count: number }> {
  const guide = readFileSync(GUIDE, 'utf8');
  const table = /<!-- dict-table:start -->\n([\s\S]*?)\n<!-- dict-table:end -->/.exec(guide)?.[1];
  if (!table) throw new Error('docs/schema-authoring.md has no dictionary table');
  return table
    .split('\n')
    .slice(2)
    .map((line) => {
      const [, code = '', name = '', count = ''] = line.split('|').map((cell) => cell.trim());
      return { code: code.replace(/`/g, ''), name, count: Number(count) };
    });
}

describe("the authoring guide's dictionary table (§5.1)", () => {
  it('lists every dictionary in schemas/dicts, with its name and item count, and no other', () => {
    const dir = path.join(DEFAULT_SCHEMAS_DIR, 'dicts');
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { code: string; name: string; items: unknown[] })
      .map((dict) => ({ code: dict.code, name: dict.name, count: dict.items.length }));
    expect(tableRows()).toEqual(files);
  });
});
