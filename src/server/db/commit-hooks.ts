import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './database';

/** A write that must commit, or roll back, with whatever the caller's transaction writes. */
export type CommitHook = (tx: Db) => Promise<void>;

const hooks = new AsyncLocalStorage<CommitHook>();
const patched = new WeakSet<Db>();

/**
 * Runs `run` (and everything it starts, to its last await) with `hook` joined to every top-level
 * `db.transaction` it opens: the hook writes inside that transaction, after its body, so both commit
 * or neither does. An Idempotency-Key marks its request's write as committed this way (SECURITY R37,
 * ADR 0071) without any handler knowing of keys. Savepoints (`tx.transaction`) are not hooked: their
 * writes commit with the outer transaction, which is.
 */
export function withCommitHook<T>(hook: CommitHook, run: () => T): T {
  return hooks.run(hook, run);
}

/**
 * Makes `db.transaction` call the hook of the caller's context (withCommitHook), if any. Once per
 * database; a transaction outside any such context runs exactly as before.
 */
export function enableCommitHooks(db: Db): void {
  if (patched.has(db)) return;
  patched.add(db);
  const original = db.transaction.bind(db);
  const hooked: Db['transaction'] = (body, config) =>
    original(async (tx) => {
      const result = await body(tx);
      const hook = hooks.getStore();
      if (hook) await hook(tx);
      return result;
    }, config);
  db.transaction = hooked;
}
