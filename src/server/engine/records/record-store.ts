import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { recordEvents, records, users } from '../../db/schema';
import { writeWithHistory, type Runner, type TransactionRunner } from '../../db/write-with-history';
import { personalCipherOf } from '../../services/crypto/personal-cipher';
import {
  hasPersonalPaths,
  openPersonalValues,
  sealPersonalValues,
  type BlindIndexes,
  type PersonalPaths,
} from '../../services/crypto/personal-values';
import type { RecordIndexer } from '../../services/search/record-indexer';
import type { RecordSealer } from '../units/record-seal';
import { uniqueValueOf } from './unique-value-index';

export type RecordRow = typeof records.$inferSelect;
export type RecordWithOwner = RecordRow & { ownerName: string | null };

/** Runs inside a write's transaction once the row and its history are written (the audit row); throw to roll back. */
export type AfterWrite = (tx: TransactionRunner, row: RecordRow) => Promise<void>;

// The throughput bench's switch (tests/bench/seal-bench.ts): the same writes with personal values left in clear.
const unsealed = new WeakSet<Db>();

/** Only the bench: this database's records keep personal values in clear, to measure what sealing costs. */
export function storePersonalInClearForBench(db: Db): void {
  unsealed.add(db);
}

/**
 * A record's data as it is stored (SECURITY R34, ADR 0070): every personal value (x-mask) sealed with SM4,
 * and the blind index of each for exact matches. Done before a write's transaction, which has no cipher
 * of its own (ADR 0066). A folder with no personal field stores its data as it is, with no blind indexes.
 */
export async function sealRecordData(
  db: Db,
  personal: PersonalPaths | undefined,
  data: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; blind: BlindIndexes | null }> {
  if (!hasPersonalPaths(personal) || unsealed.has(db)) return { data, blind: null };
  return sealPersonalValues(personalCipherOf(db), personal, data);
}

/** A row as the portal reads it: its personal values opened, before any masking or unmasking (ADR 0070). */
export async function openRecordRow<T extends { data: Record<string, unknown> }>(
  db: Db,
  personal: PersonalPaths | undefined,
  row: T,
): Promise<T> {
  if (!hasPersonalPaths(personal)) return row;
  return { ...row, data: await openPersonalValues(personalCipherOf(db), personal, row.data) };
}

/** Rows as the portal reads them (openRecordRow of each). */
export async function openRecordRows<T extends { data: Record<string, unknown> }>(
  db: Db,
  personal: PersonalPaths | undefined,
  rows: T[],
): Promise<T[]> {
  if (!hasPersonalPaths(personal)) return rows;
  return Promise.all(rows.map((row) => openRecordRow(db, personal, row)));
}

/**
 * What every write does to the row it has just written, in its transaction: a sealed folder's seal
 * (SECURITY R34), and a searchable folder's document in the search index.
 */
async function finishRow(tx: Runner, sealer: RecordSealer | undefined, row: RecordRow, indexer?: RecordIndexer): Promise<void> {
  if (sealer) {
    row.seal = sealer.seal(row);
    await tx.update(records).set({ seal: row.seal }).where(eq(records.id, row.id));
  }
  await indexer?.index(tx, row);
}

/** A record with its owner's name, its personal values opened (`personal`: the folder's x-mask paths). */
export async function findRecord(db: Db, resource: string, id: string, personal?: PersonalPaths): Promise<RecordWithOwner | undefined> {
  const rows = await db
    .select({ record: records, ownerName: users.fullname })
    .from(records)
    .leftJoin(users, eq(users.id, records.ownerId))
    .where(and(eq(records.resource, resource), eq(records.id, id)))
    .limit(1);
  const row = rows[0];
  return row ? openRecordRow(db, personal, { ...row.record, ownerName: row.ownerName }) : undefined;
}

export interface InsertInput {
  resource: string;
  ownerId: string | null;
  orgId: string | null;
  /** The workflow's initial state. */
  status: string;
  schemaId: string;
  schemaVersion: string;
  data: Record<string, unknown>;
  actorId: string | null;
  now: Date;
  after?: AfterWrite;
  /** The folder's sealer (resource.json seal). */
  sealer?: RecordSealer | undefined;
  /** The folder's search indexer (resource.json search). */
  indexer?: RecordIndexer | undefined;
  /** The folder's personal paths (x-mask): their values are stored sealed (ADR 0070). */
  personal?: PersonalPaths | undefined;
}

/** A new record at version 1 with its 'create' history row, in one transaction. */
export async function insertRecord(db: Db, input: InsertInput): Promise<RecordRow> {
  const stored = await sealRecordData(db, input.personal, input.data);
  const row = await writeWithHistory(db, {
    write: (tx) =>
      tx
        .insert(records)
        .values({
          resource: input.resource,
          ownerId: input.ownerId,
          orgId: input.orgId,
          status: input.status,
          version: 1,
          schemaId: input.schemaId,
          schemaVersion: input.schemaVersion,
          data: stored.data,
          blind: stored.blind,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning()
        // What was written, as the portal reads it: the seal, the index and the after-write rules see the clear values.
        .then((rows) => rows.map((written) => ({ ...written, data: input.data }))),
    history: async (tx, row) => {
      await finishRow(tx, input.sealer, row, input.indexer);
      await tx.insert(recordEvents).values({
        recordId: row.id,
        action: 'create',
        fromStatus: null,
        toStatus: row.status,
        version: 1,
        actorId: input.actorId,
        at: input.now,
      });
    },
    after: input.after,
  });
  if (!row) throw new Error('record insert returned no row');
  return row;
}

export interface UpdateInput {
  resource: string;
  id: string;
  /** The version the caller read: the row changes only if it is still current. */
  version: number;
  /** The states the owner may edit in; checked in the UPDATE itself. */
  editableStates: string[];
  data: Record<string, unknown>;
  /** A new organisation for the record (a joining request that names another one); unchanged when undefined. */
  orgId?: string | undefined;
  schemaVersion: string;
  actorId: string;
  now: Date;
  after?: AfterWrite;
  sealer?: RecordSealer | undefined;
  indexer?: RecordIndexer | undefined;
  personal?: PersonalPaths | undefined;
}

/** New data, version + 1, and an 'update' history row; undefined when the version or state no longer allows it. */
export async function updateRecordData(db: Db, input: UpdateInput): Promise<RecordRow | undefined> {
  if (input.editableStates.length === 0) return undefined;
  const stored = await sealRecordData(db, input.personal, input.data);
  return writeWithHistory(db, {
    write: (tx) =>
      tx
        .update(records)
        .set({
          data: stored.data,
          blind: stored.blind,
          version: sql`${records.version} + 1`,
          schemaVersion: input.schemaVersion,
          updatedAt: input.now,
          ...(input.orgId === undefined ? {} : { orgId: input.orgId }),
        })
        .where(
          and(
            eq(records.resource, input.resource),
            eq(records.id, input.id),
            eq(records.version, input.version),
            inArray(records.status, input.editableStates),
          ),
        )
        .returning()
        .then((rows) => rows.map((written) => ({ ...written, data: input.data }))),
    history: async (tx, row) => {
      await finishRow(tx, input.sealer, row, input.indexer);
      await tx.insert(recordEvents).values({
        recordId: row.id,
        action: 'update',
        fromStatus: row.status,
        toStatus: row.status,
        version: row.version,
        actorId: input.actorId,
        at: input.now,
      });
    },
    after: input.after,
  });
}

export interface DeleteInput {
  resource: string;
  id: string;
  version: number;
  editableStates: string[];
  after?: AfterWrite;
}

/** Deletes the record (its history goes with it; the audit log keeps the deletion); false when the version or state no longer allows it. */
export async function deleteRecord(db: Db, input: DeleteInput): Promise<boolean> {
  if (input.editableStates.length === 0) return false;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(records)
      .where(
        and(
          eq(records.resource, input.resource),
          eq(records.id, input.id),
          eq(records.version, input.version),
          inArray(records.status, input.editableStates),
        ),
      )
      .returning();
    const row = rows[0];
    if (!row) return false;
    await input.after?.(tx, row);
    return true;
  });
}

export interface TransitionInput {
  resource: string;
  id: string;
  version: number;
  /** The transition's name, recorded as the history row's action. */
  action: string;
  from: string;
  to: string;
  actorId: string;
  note: string | undefined;
  now: Date;
  after?: AfterWrite;
  sealer?: RecordSealer | undefined;
  indexer?: RecordIndexer | undefined;
  personal?: PersonalPaths | undefined;
}

/**
 * One workflow step: the version- and state-checked update, its history row and (through `after`)
 * its audit row in one transaction (SECURITY R18, R32, R38). undefined means another request changed
 * the record first: of two racing decisions exactly one wins.
 */
export async function transitionRecord(db: Db, input: TransitionInput): Promise<RecordRow | undefined> {
  return writeWithHistory(db, {
    write: (tx) =>
      tx
        .update(records)
        .set({ status: input.to, version: sql`${records.version} + 1`, updatedAt: input.now })
        .where(
          and(
            eq(records.resource, input.resource),
            eq(records.id, input.id),
            eq(records.version, input.version),
            eq(records.status, input.from),
          ),
        )
        .returning()
        // The row's personal values opened before the seal and the effects see it (the cipher is the database's, not the transaction's).
        .then((rows) => openRecordRows(db, input.personal, rows)),
    history: async (tx, row) => {
      await finishRow(tx, input.sealer, row, input.indexer);
      await tx.insert(recordEvents).values({
        recordId: row.id,
        action: input.action,
        fromStatus: input.from,
        toStatus: input.to,
        version: row.version,
        actorId: input.actorId,
        note: input.note ?? null,
        at: input.now,
      });
    },
    after: input.after,
  });
}

export interface RecordHistoryRow {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  version: number;
  at: Date;
  actorName: string | null;
  note: string | null;
}

export async function recordHistory(db: Runner, recordId: string): Promise<RecordHistoryRow[]> {
  return db
    .select({
      action: recordEvents.action,
      fromStatus: recordEvents.fromStatus,
      toStatus: recordEvents.toStatus,
      version: recordEvents.version,
      at: recordEvents.at,
      actorName: users.fullname,
      note: recordEvents.note,
    })
    .from(recordEvents)
    .leftJoin(users, eq(users.id, recordEvents.actorId))
    .where(eq(recordEvents.recordId, recordId))
    .orderBy(asc(recordEvents.version));
}

/** Whether another record of the resource, in one of `states`, already holds `value` in the x-unique field. */
export async function valueTaken(
  db: Runner,
  input: {
    resource: string;
    field: string;
    value: string;
    exceptId: string | undefined;
    states: string[];
    /** The value's blind index, for a personal field (x-mask): stored sealed, it is compared by its index (ADR 0070). */
    digest?: string | undefined;
  },
): Promise<boolean> {
  if (input.states.length === 0) return false;
  const conditions: SQL[] = [
    eq(records.resource, input.resource),
    inArray(records.status, input.states),
    input.digest === undefined
      ? // Spelt as its index (unique-value-index.ts) so that the lookup is one index probe.
        sql`${uniqueValueOf(input.field)} = btrim(${input.value}::text)`
      : blindHolds(input.field, input.digest),
  ];
  if (input.exceptId) conditions.push(ne(records.id, input.exceptId));
  const rows = await db
    .select({ id: records.id })
    .from(records)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** The condition that a record's personal value at `path` has the blind index `digest` (one GIN probe, records_blind_idx). */
export function blindHolds(path: string, digest: string): SQL {
  const value = path.includes('[].') ? sql`jsonb_build_array(${digest}::text)` : sql`to_jsonb(${digest}::text)`;
  return sql`${records.blind} @> jsonb_build_object(${path}::text, ${value})`;
}

/** Whether one of the owner's records of the resource, in one of `states`, holds a reference to the file. */
export async function recordHoldsFile(
  db: Runner,
  input: { resource: string; ownerId: string; states: string[]; fileId: string },
): Promise<boolean> {
  if (input.states.length === 0) return false;
  const rows = await db
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        eq(records.resource, input.resource),
        eq(records.ownerId, input.ownerId),
        inArray(records.status, input.states),
        sql`jsonb_path_exists(${records.data}, '$.** ? (@.id == $file)', jsonb_build_object('file', ${input.fileId}::text))`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Which of `actions` the user already took on each of the records (self-loop transitions are taken once per user). */
export async function takenActions(
  db: Runner,
  input: { recordIds: string[]; actorId: string; actions: string[] },
): Promise<Map<string, Set<string>>> {
  const taken = new Map<string, Set<string>>();
  if (input.recordIds.length === 0 || input.actions.length === 0) return taken;
  const rows = await db
    .select({ recordId: recordEvents.recordId, action: recordEvents.action })
    .from(recordEvents)
    .where(
      and(
        inArray(recordEvents.recordId, input.recordIds),
        eq(recordEvents.actorId, input.actorId),
        inArray(recordEvents.action, input.actions),
      ),
    );
  for (const row of rows) taken.set(row.recordId, (taken.get(row.recordId) ?? new Set()).add(row.action));
  return taken;
}

/** An insert's fields for many records at once; the status is the state they start in, each with an 'import' history row. */
export interface ImportInput extends Omit<InsertInput, 'data' | 'orgId' | 'actorId' | 'after'> {
  /** Each record's data and organisation, in the sheet's order. */
  rows: { data: Record<string, unknown>; orgId: string | null }[];
  actorId: string;
  /** Runs for each row once its chunk and history rows are written, with the row's index in `rows` (the record rules' after-write effects); throw to roll back. */
  afterRow?: (tx: TransactionRunner, row: RecordRow, index: number) => Promise<void>;
  /** The import's audit row, in the same transaction. */
  after: (tx: TransactionRunner) => Promise<void>;
}

const IMPORT_CHUNK = 500;

/**
 * Many new records at once, all or none (SECURITY R25): every row and its history row, then the
 * audit row, in one transaction, in multi-row inserts of 500.
 */
export async function importRecords(db: Db, input: ImportInput): Promise<number> {
  // Sealed before the transaction (it has no cipher of its own); the rules and the seal see the clear values.
  const stored = await Promise.all(input.rows.map((row) => sealRecordData(db, input.personal, row.data)));
  return db.transaction(async (tx) => {
    let count = 0;
    for (let start = 0; start < input.rows.length; start += IMPORT_CHUNK) {
      const chunk = input.rows.slice(start, start + IMPORT_CHUNK);
      // The ids are chosen here, so each returned row is matched to its index without relying on RETURNING's order.
      const indexOf = new Map<string, number>();
      const clear = new Map<string, Record<string, unknown>>();
      const values = chunk.map(({ data, orgId }, offset) => {
        const row = { id: randomUUID(), resource: input.resource, ownerId: input.ownerId, orgId, status: input.status, version: 1, data };
        indexOf.set(row.id, start + offset);
        clear.set(row.id, data);
        const sealed = stored[start + offset];
        return {
          ...row,
          data: sealed?.data ?? data,
          blind: sealed?.blind ?? null,
          seal: input.sealer?.seal(row) ?? null,
          schemaId: input.schemaId,
          schemaVersion: input.schemaVersion,
          createdAt: input.now,
          updatedAt: input.now,
        };
      });
      const inserted = (await tx.insert(records).values(values).returning()).map((row) => ({
        ...row,
        data: clear.get(row.id) ?? row.data,
      }));
      if (input.indexer) for (const row of inserted) await input.indexer.index(tx, row);
      await tx.insert(recordEvents).values(
        inserted.map((row) => ({
          recordId: row.id,
          action: 'import',
          fromStatus: null,
          toStatus: input.status,
          version: 1,
          actorId: input.actorId,
          at: input.now,
        })),
      );
      const afterRow = input.afterRow;
      if (afterRow) {
        // Last row first: of two rows of the file that share a unique set, a later one is named, never the first.
        const ordered = inserted.map((row) => ({ row, index: indexOf.get(row.id) ?? -1 })).sort((a, b) => b.index - a.index);
        for (const { row, index } of ordered) await afterRow(tx, row, index);
      }
      count += inserted.length;
    }
    await input.after(tx);
    return count;
  });
}

/** Which of `values` another record of the resource, in one of `states`, already holds in the x-unique field. */
export async function takenValues(
  db: Runner,
  input: {
    resource: string;
    field: string;
    values: string[];
    states: string[];
    /** For a personal field (x-mask): each value's blind index, which is what the records hold to compare (ADR 0070). */
    digestOf?: ((value: string) => string) | undefined;
  },
): Promise<Set<string>> {
  if (input.states.length === 0 || input.values.length === 0) return new Set();
  const digestOf = input.digestOf;
  if (digestOf) {
    const byDigest = new Map(input.values.map((value) => [digestOf(value), value.trim()]));
    const found = await db
      .select({ digest: sql<string>`${records.blind} ->> ${input.field}::text` })
      .from(records)
      .where(
        and(
          eq(records.resource, input.resource),
          inArray(records.status, input.states),
          // Containments, each a probe of the blind indexes' GIN index.
          or(...[...byDigest.keys()].map((digest) => blindHolds(input.field, digest))),
        ),
      );
    return new Set(found.flatMap((row) => byDigest.get(row.digest) ?? []));
  }
  const rows = await db
    .select({ value: sql<string>`${uniqueValueOf(input.field)}` })
    .from(records)
    .where(
      and(
        eq(records.resource, input.resource),
        inArray(records.status, input.states),
        inArray(
          uniqueValueOf(input.field),
          input.values.map((value) => value.trim()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.value));
}
