import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

const journal = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../src/server/db/migrations/meta/_journal.json'), 'utf8'),
) as Journal;

/*
 * Drizzle's migrator applies a migration only when its `when` is later than the last one a database
 * has applied: a migration generated with an earlier clock than the one before it (0027's was set ahead)
 * is skipped for good on every database already past that one, while a fresh database applies it.
 */
describe('the migrations journal', () => {
  it('numbers the migrations 0, 1, 2… and dates each after the one before it', () => {
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, index) => index));
    const late = journal.entries.filter((entry, index) => index > 0 && entry.when <= (journal.entries[index - 1]?.when ?? 0));
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });
});
