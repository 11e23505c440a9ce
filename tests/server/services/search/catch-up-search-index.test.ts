import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDocuments } from '../../../../src/server/db/schema';
import { catchUpSearchIndex } from '../../../../src/server/services/search/catch-up-search-index';
import { ACTIVITY_SOURCE, activityDocuments } from '../../../../src/server/modules/search/search-sources';
import { SEGMENTER_VERSION } from '../../../../src/server/services/search/word-segmenter';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/** The activities' search documents at start-up: written when their folders changed, left alone otherwise (issue 16). */
describe('catchUpSearchIndex and the activity folders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const stored = () =>
    t.db
      .select({ key: searchDocuments.key, title: searchDocuments.title, indexedAt: searchDocuments.indexedAt })
      .from(searchDocuments)
      .where(eq(searchDocuments.source, ACTIVITY_SOURCE));

  it('writes nothing again when no folder changed, and rewrites the documents when one did', async () => {
    const documents = activityDocuments(t.app.activities, SEGMENTER_VERSION);
    expect(documents.length).toBeGreaterThan(0);
    const before = await stored();
    expect(before).toHaveLength(documents.length);

    const later = new Date(Date.now() + 60_000);
    expect(await catchUpSearchIndex(t.db, [], new Map([[ACTIVITY_SOURCE, documents]]), later)).toBe(0);
    expect(await stored()).toEqual(before);

    const renamed = documents.map((document, index) => (index === 0 ? { ...document, title: `${document.title}（第二期）` } : document));
    expect(await catchUpSearchIndex(t.db, [], new Map([[ACTIVITY_SOURCE, renamed]]), later)).toBe(documents.length);
    const after = await stored();
    expect(after.map((row) => row.title)).toContain(renamed[0]?.title);
    expect(after.every((row) => row.indexedAt.getTime() === later.getTime())).toBe(true);

    // A folder removed is a change as well.
    expect(await catchUpSearchIndex(t.db, [], new Map([[ACTIVITY_SOURCE, renamed.slice(1)]]), later)).toBe(documents.length - 1);
    expect(await stored()).toHaveLength(documents.length - 1);
  });
});
