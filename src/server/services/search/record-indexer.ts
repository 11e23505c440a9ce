import type { Runner } from '../../db/write-with-history';
import { recordDocument, type SearchConfig } from './search-document';
import { putSearchDocument, removeSearchDocument } from './search-store';

/** The row a write has just stored, as the indexer needs it. */
export interface IndexedRow {
  id: string;
  status: string;
  version: number;
  data: Record<string, unknown>;
  updatedAt: Date;
}

/** Keeps one searchable folder's documents in step with its records, in each write's transaction. */
export interface RecordIndexer {
  readonly source: string;
  readonly config: SearchConfig;
  readonly states: readonly string[];
  /** A stamp of the folder's search block: documents written under another are written again at start-up. */
  readonly stamp: string;
  index(tx: Runner, row: IndexedRow): Promise<void>;
}

/** A record in a visitor state is (re)indexed; in any other state its document goes. */
export function createRecordIndexer(source: string, config: SearchConfig, states: readonly string[], stamp: string): RecordIndexer {
  return {
    source,
    config,
    states,
    stamp,
    async index(tx, row) {
      if (states.includes(row.status)) await putSearchDocument(tx, { ...recordDocument(source, config, row), stamp }, row.updatedAt);
      else await removeSearchDocument(tx, `record:${row.id}`);
    },
  };
}
