import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { records, searchDocuments } from '../../db/schema';
import type { Runner } from '../../db/write-with-history';
import type { RecordIndexer } from '../../services/search/record-indexer';
import type { CompiledResource } from '../units/compiled-resource';

/** What a folder's search documents are made from: its search block (the stamp) and the states visitors see. */
function indexedAs(indexer: RecordIndexer | undefined): string {
  return indexer === undefined ? '' : JSON.stringify([indexer.stamp, indexer.states]);
}

/**
 * A publication that changes a folder's `search` or its visitors' states (ADR 0048) writes the folder's
 * search documents again in its own transaction: those of its records are dropped and every record in a
 * state visitors see now is indexed with the new block. So the portal's search never shows a record
 * (or a field) the folder no longer opens to visitors, and from the commit on every process indexes
 * writes with the candidate's indexer (the registry's install takes it). The public records of one
 * folder are few (news, policies); a folder with many pays one longer transaction per such publication.
 */
export async function reindexOnPublication(tx: Runner, live: CompiledResource, candidate: CompiledResource): Promise<number> {
  if (indexedAs(live.indexer) === indexedAs(candidate.indexer)) return 0;
  await tx.delete(searchDocuments).where(and(eq(searchDocuments.source, live.name), isNotNull(searchDocuments.recordId)));
  const indexer = candidate.indexer;
  if (!indexer || indexer.states.length === 0) return 0;
  const rows = await tx
    .select({ id: records.id, status: records.status, version: records.version, data: records.data, updatedAt: records.updatedAt })
    .from(records)
    .where(and(eq(records.resource, live.name), inArray(records.status, [...indexer.states])));
  for (const row of rows) await indexer.index(tx, row);
  return rows.length;
}
