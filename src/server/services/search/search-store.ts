import { and, eq, sql } from 'drizzle-orm';
import type { Runner } from '../../db/write-with-history';
import { searchDocuments } from '../../db/schema';
import type { SearchDocument } from './search-document';
import { indexWords } from './word-segmenter';

/**
 * Writes (or replaces) a document with its words: the title's weigh A, the body's B. The words are
 * cut here, in Node, and joined by spaces, so PostgreSQL's 'simple' configuration only lowers and
 * splits them on the spaces: the same on PGlite and PostgreSQL.
 */
export async function putSearchDocument(db: Runner, document: SearchDocument, now: Date): Promise<void> {
  const titleWords = indexWords(document.title).join(' ');
  const bodyWords = indexWords(document.body).join(' ');
  const words = sql`setweight(to_tsvector('simple', ${titleWords}), 'A') || setweight(to_tsvector('simple', ${bodyWords}), 'B')`;
  const values = { ...document, words, indexedAt: now };
  await db
    .insert(searchDocuments)
    .values(values)
    .onConflictDoUpdate({
      target: searchDocuments.key,
      set: {
        version: values.version,
        title: values.title,
        body: values.body,
        kind: values.kind,
        day: values.day,
        href: values.href,
        words,
        indexedAt: now,
      },
    });
}

export async function removeSearchDocument(db: Runner, key: string): Promise<void> {
  await db.delete(searchDocuments).where(eq(searchDocuments.key, key));
}

/** Every document of a source: when its documents are all written again (the activities at start-up). */
export async function removeSourceDocuments(db: Runner, source: string): Promise<void> {
  await db.delete(searchDocuments).where(and(eq(searchDocuments.source, source), sql`${searchDocuments.recordId} is null`));
}
