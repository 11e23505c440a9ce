import { sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locale';
import { validationMessage } from '../../../shared/i18n/validation-message';
import { publicStates } from '../../../shared/resource/workflow-rules';
import { schemaAtPath } from '../../../shared/schema/schema-at-path';
import type { TransactionRunner } from '../../db/write-with-history';
import { AppError } from '../../lib/app-error';
import { valueTaken, type RecordRow } from '../records/record-store';
import type { CompiledResource } from '../units/resource-registry';

/**
 * A folder's x-unique fields, checked again in the write's own transaction after the row is written
 * (ADR 0052). The pipeline's look-up before the write (run-write-pipeline.ts) takes no lock, so two
 * writes of one value at the same moment could both pass it. Here each writer first takes a
 * transaction-scoped advisory lock on (folder, field, trimmed value): the second waits until the first
 * has committed (or rolled back), and its look-up, a new statement under READ COMMITTED, then sees the
 * first's row. The key trims as the look-up and the index do (btrim), so values equal there share a
 * lock; a hash collision only makes two unrelated writers wait for each other. Locks are taken in the
 * folder's field order, the same for every writer, so two cannot deadlock. A record in a state others
 * do not see (a draft) holds no value and is not checked, as before the write.
 */
export async function requireUniqueFieldsLocked(
  tx: TransactionRunner,
  resource: CompiledResource,
  row: RecordRow,
  locale: Locale,
): Promise<void> {
  const states = publicStates(resource.workflow);
  if (!states.includes(row.status)) return;
  for (const field of resource.uniqueFields) {
    const value = row.data[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    // The prefix keeps these keys apart from unique-sets.ts's (a JSON array starting with the folder).
    const scope = JSON.stringify(['x-unique', resource.name, field]);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope} || btrim(${value}::text)))`);
    // A personal field's value is compared by the blind index the row was written with (ADR 0070).
    const held = row.blind?.[field];
    const digest = typeof held === 'string' ? held : undefined;
    if (await valueTaken(tx, { resource: resource.name, field, value, exceptId: row.id, states, digest })) {
      const message = validationMessage('unique', {}, schemaAtPath(resource.record, field), locale);
      throw new AppError(400, 'validationFailed', { errors: [{ path: field, keyword: 'x-unique', params: {}, message }], msg: message });
    }
  }
}
