import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../../shared/i18n/locale';
import type { Db } from '../../db/database';
import type { TransactionRunner } from '../../db/write-with-history';
import type { AuthUser } from '../../lib/auth-user';
import type { NoticeDelivery } from '../../services/notifications/write-notices';
import type { UnitRow } from '../../services/users/user-units';
import type { RecordRow } from '../records/record-store';
import type { CompiledResource, ResourceRegistry } from '../units/resource-registry';

/** The writes that put data into a record: each runs a folder's record checks and after-write effects. */
export type RecordWriteKind = 'create' | 'update' | 'import';

/** What a check knows of the write it guards. An import's rows share one, so its look-ups are asked once per file. */
export interface RecordCheckContext {
  db: Db;
  resource: CompiledResource;
  write: RecordWriteKind;
  /** null for a visitor's create (anonymousCreate). */
  user: AuthUser | null;
  locale: Locale;
  now: Date;
  /** The writer's units for the folder's jurisdiction (null: every unit), asked once per write. */
  jurisdiction(): Promise<ReadonlySet<string> | null>;
  /** The writer's current unit (null: none, or a visitor), asked once per write. */
  currentUnit(): Promise<UnitRow | null>;
}

/** Where a check puts the record: its organisation. Undefined leaves it as the write would (none on create, unchanged on update). */
export interface RecordPlacement {
  orgId?: string | undefined;
}

/** What an after-write effect knows: it runs in the write's own transaction, after the row (and its history) is written. */
export interface RecordEffectContext {
  tx: TransactionRunner;
  resource: CompiledResource;
  locale: Locale;
  /** On an update, the record's data before it: an effect may ask what the update changed (a place kept on the same target). */
  previous?: Readonly<Record<string, unknown>>;
}

/** What a transition's effect knows: it runs in the transition's own transaction, after the row moved. */
export interface TransitionEffectContext {
  tx: TransactionRunner;
  /** For the audit rows an effect writes about the records it changes. */
  request: FastifyRequest;
  resource: CompiledResource;
  /** Another folder an effect changes (resource.json target). */
  resources: Pick<ResourceRegistry, 'get'>;
  actorId: string;
  now: Date;
  /** The workflow transition taken, and the actor's note (for its notices). */
  transition: string;
  note: string | undefined;
  /** Where the notices put what their SMS and mail channels owe; the route hands it to the senders after the commit. */
  deliveries: NoticeDelivery[];
}

/**
 * One rule of a folder's record writes, compiled from resource.json (record-rules.ts). A phase a rule
 * lacks is none of its business. Every write runs the folder's whole list through run-record-rules.ts,
 * so create, update, import and a transition can never disagree on which rules apply.
 */
export interface RecordRule {
  /** The resource.json key it comes from (target, target.capacity, jurisdiction, organisation, owner, unique; x-unique from record.schema.json), for tests and logs. */
  readonly key: string;
  /** Before the write, on the checked data: throws a 400 on the field at fault; may place the record in an organisation. */
  check?(context: RecordCheckContext, data: Record<string, unknown>): Promise<RecordPlacement | undefined>;
  /** After the row is written, in the write's transaction (create, update, each imported row): throw to roll it all back. */
  afterWrite?(context: RecordEffectContext, row: RecordRow): Promise<void>;
  /** After a transition, in its transaction: what reaching (or leaving) a state does elsewhere. */
  afterTransition?(context: TransitionEffectContext, row: RecordRow, from: string): Promise<void>;
}
