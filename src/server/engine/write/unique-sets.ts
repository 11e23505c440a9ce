import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locale';
import { records } from '../../db/schema';
import type { TransactionRunner } from '../../db/write-with-history';
import { AppError } from '../../lib/app-error';
import type { CompiledResource } from '../units/resource-registry';
import { blindHolds, type RecordRow } from '../records/record-store';

/**
 * A folder's field sets no two records may share (resource.json unique: one sign-in per event and
 * mobile number), checked in the write's own transaction after the row is written: a lock on the
 * set's values makes a second writer of the same values wait until the first has committed, and
 * then see its row, so two at once cannot both pass. A set with an empty value is not compared.
 */
export async function requireUniqueSets(tx: TransactionRunner, resource: CompiledResource, row: RecordRow, locale: Locale): Promise<void> {
  for (const set of resource.resource.unique ?? []) {
    const values = set.fields.map((field) => row.data[field]);
    if (values.some((value) => value === undefined || value === null || value === '')) continue;
    // PostgreSQL text holds no NUL: the key is the folder and the values as JSON.
    const key = JSON.stringify([resource.name, ...values]);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const same: SQL[] = [eq(records.resource, resource.name), ne(records.id, row.id)];
    set.fields.forEach((field, index) => {
      // A personal field (a sign-in's mobile number) is held sealed: compared by the blind index the row was written with (ADR 0070).
      const digest = row.blind?.[field];
      same.push(
        typeof digest === 'string'
          ? blindHolds(field, digest)
          : sql`${records.data} -> ${field}::text = ${JSON.stringify(values[index])}::jsonb`,
      );
    });
    const [found] = await tx
      .select({ n: count() })
      .from(records)
      .where(and(...same));
    if ((found?.n ?? 0) > 0) {
      const message = (locale === 'en-US' ? set.messageEn : undefined) ?? set.message;
      const path = set.fields[set.fields.length - 1] ?? '';
      throw new AppError(400, 'validationFailed', { errors: [{ path, keyword: 'unique', params: {}, message }], msg: message });
    }
  }
}
