import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { records, searchDocuments } from '../../db/schema';
import type { RecordIndexer } from './record-indexer';
import type { SearchDocument } from './search-document';
import { putSearchDocument, removeSourceDocuments } from './search-store';

// Records indexed per transaction while catching up: a large backlog never holds one long transaction.
const BATCH = 200;

const COMPARED = ['recordId', 'version', 'stamp', 'title', 'body', 'kind', 'day', 'href'] as const;

function storedFileDocuments(db: Db, source: string): Promise<SearchDocument[]> {
  return db
    .select({
      key: searchDocuments.key,
      source: searchDocuments.source,
      recordId: searchDocuments.recordId,
      version: searchDocuments.version,
      stamp: searchDocuments.stamp,
      title: searchDocuments.title,
      body: searchDocuments.body,
      kind: searchDocuments.kind,
      day: searchDocuments.day,
      href: searchDocuments.href,
    })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.source, source), isNull(searchDocuments.recordId)));
}

function sameDocuments(stored: readonly SearchDocument[], documents: readonly SearchDocument[]): boolean {
  if (stored.length !== documents.length) return false;
  const byKey = new Map(stored.map((document) => [document.key, document]));
  return documents.every((document) => {
    const kept = byKey.get(document.key);
    return kept !== undefined && COMPARED.every((field) => kept[field] === document[field]);
  });
}

/**
 * Brings the index in step at start-up: every public record without a current document (new
 * folder, changed search block, records written before search existed) is indexed, documents of
 * records no longer public or of folders no longer searchable go, and the files' documents (the
 * activities) are written again when they changed. Writes keep it in step after that, in their own transactions.
 */
export async function catchUpSearchIndex(
  db: Db,
  indexers: readonly RecordIndexer[],
  fileDocuments: ReadonlyMap<string, SearchDocument[]>,
  now: Date,
): Promise<number> {
  let indexed = 0;
  const sources = indexers.map((indexer) => indexer.source);
  await db
    .delete(searchDocuments)
    .where(and(isNotNull(searchDocuments.recordId), sources.length > 0 ? notInArray(searchDocuments.source, sources) : sql`true`));
  for (const indexer of indexers) {
    const noLongerPublic = db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.resource, indexer.source), notInArray(records.status, [...indexer.states])));
    await db.delete(searchDocuments).where(inArray(searchDocuments.recordId, noLongerPublic));
    for (;;) {
      const stale = await db
        .select({ id: records.id, status: records.status, version: records.version, data: records.data, updatedAt: records.updatedAt })
        .from(records)
        .leftJoin(searchDocuments, eq(searchDocuments.recordId, records.id))
        .where(
          and(
            eq(records.resource, indexer.source),
            inArray(records.status, [...indexer.states]),
            or(
              sql`${searchDocuments.key} is null`,
              sql`${searchDocuments.version} <> ${records.version}`,
              sql`${searchDocuments.stamp} <> ${indexer.stamp}`,
            ),
          ),
        )
        .limit(BATCH);
      if (stale.length === 0) break;
      await db.transaction(async (tx) => {
        for (const row of stale) await indexer.index(tx, row);
      });
      indexed += stale.length;
    }
  }
  for (const [source, documents] of fileDocuments) {
    // The usual restart changes no activity folder: nothing is segmented or written then (issue 16's cold start).
    if (sameDocuments(await storedFileDocuments(db, source), documents)) continue;
    await db.transaction(async (tx) => {
      await removeSourceDocuments(tx, source);
      for (const document of documents) await putSearchDocument(tx, document, now);
    });
    indexed += documents.length;
  }
  return indexed;
}
