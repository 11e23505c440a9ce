import type { Db } from './database';

/** A transaction or the database: the same queries run in both. */
export type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** A write's own transaction, which can also open a nested one (a savepoint): the audit writer needs that. */
export type TransactionRunner = Runner & Pick<Db, 'transaction'>;

export interface WriteWithHistory<Row> {
  /** Runs first, e.g. a uniqueness check; throw to abort. */
  before?: ((tx: Runner) => Promise<void>) | undefined;
  /** The version- and state-checked write; no row back means its condition no longer held. */
  write: (tx: TransactionRunner) => Promise<Row[]>;
  /** The history row of what was written. */
  history: (tx: TransactionRunner, row: Row) => Promise<unknown>;
  /** Runs last, e.g. the audit row (SECURITY R32: a failed audit write rolls the change back); throw to abort. */
  after?: ((tx: TransactionRunner, row: Row) => Promise<void>) | undefined;
}

/**
 * One versioned change of a row with its history row in one transaction (SECURITY R18, R38), the
 * same for every store. undefined means another request changed the row first and nothing was written.
 */
export async function writeWithHistory<Row>(db: Db, steps: WriteWithHistory<Row>): Promise<Row | undefined> {
  return db.transaction(async (tx) => {
    await steps.before?.(tx);
    const row = (await steps.write(tx))[0];
    if (!row) return undefined;
    await steps.history(tx, row);
    await steps.after?.(tx, row);
    return row;
  });
}
