import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableCommitHooks, withCommitHook } from '../../../src/server/db/commit-hooks';
import type { Database } from '../../../src/server/db/database';
import { openPgliteMemory } from '../../../src/server/db/open-pglite';

/**
 * db/commit-hooks.ts (ADR 0071): a hook joined with withCommitHook writes inside every top-level
 * transaction its context opens, and commits or rolls back with it; outside the context nothing changes.
 */
let database: Database;

beforeAll(async () => {
  database = await openPgliteMemory();
  await database.db.execute(sql`CREATE TABLE hooked (note text NOT NULL)`);
  enableCommitHooks(database.db);
  enableCommitHooks(database.db); // twice: still one hook a transaction
});

afterAll(async () => {
  await database?.close();
});

async function notes(): Promise<string[]> {
  const { rows } = await database.executeSql('SELECT note FROM hooked ORDER BY note');
  return (rows as { note: string }[]).map((row) => row.note);
}

const hook = (note: string) => async (tx: Database['db']) => {
  await tx.execute(sql`INSERT INTO hooked (note) VALUES (${note})`);
};

describe('commit hooks', () => {
  it('writes the hook in the transaction, after its body, across awaits', async () => {
    await withCommitHook(hook('hook-a'), async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO hooked (note) VALUES ('body-a')`);
      });
    });
    expect(await notes()).toEqual(['body-a', 'hook-a']);
  });

  it('rolls the hook back with a transaction that fails', async () => {
    await expect(
      withCommitHook(hook('hook-b'), () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO hooked (note) VALUES ('body-b')`);
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    expect(await notes()).toEqual(['body-a', 'hook-a']);
  });

  it('leaves a transaction outside any context as it was, and hooks a savepoint only through its outer transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO hooked (note) VALUES ('body-c')`);
    });
    await withCommitHook(hook('hook-d'), () =>
      database.db.transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO hooked (note) VALUES ('body-d')`);
        });
      }),
    );
    expect(await notes()).toEqual(['body-a', 'body-c', 'body-d', 'hook-a', 'hook-d']);
  });
});
