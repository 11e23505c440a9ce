import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metaKeywords, metaSchemaFiles, type MetaKeyword } from './helpers/meta-schema-keywords';

const DOCS = path.resolve(import.meta.dirname, '../../docs');
const REFERENCE = readFileSync(path.join(DOCS, 'schema-keywords.md'), 'utf8');
const GUIDE = readFileSync(path.join(DOCS, 'schema-authoring.md'), 'utf8');

interface Row {
  key: string;
  example: string;
}

/** The table under the heading that names `schemas/meta/<file>`, up to the next heading. */
function tableOf(file: string): Row[] {
  const sections = REFERENCE.split(/^## /m);
  const section = sections.find((text) => text.includes(`\`schemas/meta/${file}\``));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim());
      return { key: /^`([^`]+)`/.exec(cells[0] ?? '')?.[1] ?? '', example: cells[3] ?? '' };
    });
}

const segments = (key: string) => key.split('.').map((segment) => segment.replace(/\[\]$/, '').replace(/^<.*>$/, '<>'));

function endsWith(whole: string[], tail: string[]): boolean {
  return tail.length <= whole.length && tail.every((segment, i) => whole[whole.length - tail.length + i] === segment);
}

/** A row names a keyword by its whole path, or by a tail of it that no other keyword of the file ends with. */
function names(row: Row, keyword: MetaKeyword, all: MetaKeyword[]): boolean {
  const tail = segments(row.key);
  const whole = segments(keyword.display);
  if (tail.join('.') === whole.join('.')) return true;
  return endsWith(whole, tail) && all.filter((other) => endsWith(segments(other.display), tail)).length === 1;
}

describe('docs/schema-keywords.md: every key of every meta-schema', () => {
  const files = metaSchemaFiles();

  it('walks all the meta-schemas', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) expect(metaKeywords(file).length, file).toBeGreaterThan(0);
  });

  for (const file of files) {
    describe(file, () => {
      const keywords = metaKeywords(file);
      const rows = tableOf(file);

      it('has a row for each keyword the meta-schema accepts', () => {
        const missing = keywords.filter((keyword) => !rows.some((row) => names(row, keyword, keywords)));
        expect(missing.map((keyword) => `${file}: ${keyword.display} has no row in docs/schema-keywords.md`)).toEqual([]);
      });

      it('gives each row an example', () => {
        const empty = rows.filter((row) => !/`[^`]+`/.test(row.example));
        expect(empty.map((row) => `${file}: ${row.key} has no example`)).toEqual([]);
      });

      it('names no keyword the meta-schema does not have', () => {
        const stale = rows.filter((row) => !keywords.some((keyword) => names(row, keyword, keywords)));
        expect(stale.map((row) => `${file}: ${row.key} is not in schemas/meta/${file}`)).toEqual([]);
      });
    });
  }
});

describe('docs/schema-authoring.md §4: every x-* keyword of the vocabulary', () => {
  it('has a row in the §4 table', () => {
    const section = GUIDE.slice(GUIDE.indexOf('## 4. 扩展关键字'), GUIDE.indexOf('### 4.1'));
    const documented = new Set([...section.matchAll(/^\| `(x-[a-z-]+)`/gm)].map((match) => match[1]));
    const vocabulary = JSON.parse(readFileSync(path.resolve(DOCS, '../schemas/meta/vocabulary.schema.json'), 'utf8')) as {
      keywords: Record<string, unknown>;
    };
    const missing = Object.keys(vocabulary.keywords).filter((keyword) => !documented.has(keyword));
    expect(missing.map((keyword) => `${keyword} has no row in docs/schema-authoring.md §4`)).toEqual([]);
  });
});
