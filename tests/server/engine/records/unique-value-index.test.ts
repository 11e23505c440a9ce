import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../../../src/server/db/schema';
import { ensureUniqueValueIndexes, uniqueValueIndexName, uniqueValueOf } from '../../../../src/server/engine/records/unique-value-index';
import { createResourceTestApp, LAB } from '../../helpers/resource-fixtures';
import type { TestApp } from '../../helpers/test-app';

/** x-unique lookups are one index probe, whatever the resource's size (issue 16: creates slowed to 17/s at 100,000 records). */
describe('the x-unique value indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createResourceTestApp();
  });
  afterAll(() => t?.close());

  it('are made at start-up for every x-unique field, once however often they are asked for', async () => {
    const names = async () =>
      (
        await t.app.database.executeSql(
          `SELECT indexname FROM pg_indexes WHERE tablename = 'records' AND indexname LIKE 'records_unique_%'`,
        )
      ).rows
        .map((row) => (row as { indexname: string }).indexname)
        .sort();
    const made = await names();
    // lab-booking's subject, catalog's and check-in's x-unique fields.
    expect(made).toContain(uniqueValueIndexName('subject'));
    await ensureUniqueValueIndexes(t.db, ['subject', 'subject', "it's odd"]);
    expect(await names()).toEqual([...made, uniqueValueIndexName("it's odd")].sort());
  });

  it('serve the lookup as the record store writes it', async () => {
    const query = t.db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.resource, LAB), sql`${uniqueValueOf('subject')} = btrim(${'  压测预约-1 '}::text)`))
      .toSQL();
    const plan = await t.db.transaction(async (tx) => {
      // With a handful of rows a sequential scan is cheaper; forbid it to see whether the index fits.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(sql.raw(`EXPLAIN ${query.sql.replace('$1', `'${LAB}'`).replace('$2', `'  压测预约-1 '`)}`));
    });
    const text = JSON.stringify(plan);
    expect(text).toContain(uniqueValueIndexName('subject'));
  });
});
