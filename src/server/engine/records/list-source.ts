import type { FastifyRequest } from 'fastify';
import type { RecordHistoryEntry } from '../../../shared/generated/record-history-entry';
import type { RecordView } from '../../../shared/generated/record-view';
import type { Locale } from '../../../shared/i18n/locale';
import type { AuthUser } from '../../lib/auth-user';
import type { AggregateAsk, AggregateRow } from './aggregate-records';
import type { RecordListQuery } from './list-records';

/** A list request as the engine checked it: the list file's scope, states, filters and sort applied. */
export type ListSourceQuery = Omit<RecordListQuery, 'resource'> & { locale: Locale };

/** One transition of a source's record, asked for through the engine's transition route. */
export interface SourceTransitionInput {
  id: string;
  /** Absent from a GET alias: the current version. */
  version: number | undefined;
  note: string | undefined;
  user: AuthUser;
  request: FastifyRequest;
}

/**
 * Where a resource's records come from when they are not in the records table (resource.json
 * `source`, ADR 0010): a module's own table (applications, the audit log) read through the
 * engine's list files. The module keeps its own writes; the engine serves the list pages, and the
 * transitions the source implements (their rules, versions and audit are the module's).
 */
export interface ListSource {
  list(query: ListSourceQuery, user: AuthUser): Promise<{ total: number; records: RecordView[] }>;
  /** One record with its history for the engine's detail page; the source decides who may see it (404 otherwise). */
  detail?(id: string, user: AuthUser, locale: Locale): Promise<RecordView & { history: RecordHistoryEntry[] }>;
  /**
   * A dashboard widget's figures over exactly the rows `list` would return for this query (dashboards,
   * ADR 0037), computed in SQL; undefined for an ask the source cannot answer (the widget is left out).
   */
  aggregate?(query: ListSourceQuery, ask: AggregateAsk, user: AuthUser): Promise<AggregateRow[] | undefined>;
  transitions?: Record<string, (input: SourceTransitionInput) => Promise<{ record: RecordView; message: string }>>;
}

export type ListSources = ReadonlyMap<string, ListSource>;
