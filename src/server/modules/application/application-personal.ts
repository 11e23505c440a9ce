import type { ActivityStepDefinition } from '../../../shared/activity/activity-definition';
import { sealedColumnsOf, sealedFieldsOf } from '../../../shared/resource/masked-fields-of';
import type { Db } from '../../db/database';
import { personalCipherOf } from '../../services/crypto/personal-cipher';
import { hasPersonalPaths, openSealedAnywhere, sealPersonalValues, type PersonalPaths } from '../../services/crypto/personal-values';

/** What sealing needs of an activity's step: its key and its schema (x-mask on its fields and its tables' columns). */
export type SealedStep = Pick<ActivityStepDefinition, 'key' | 'schema'>;

/** The personal paths of one step (x-mask), as the records' are. */
export function stepPersonalPaths(step: SealedStep): PersonalPaths {
  return { sealedFields: sealedFieldsOf(step.schema), sealedColumns: sealedColumnsOf(step.schema) };
}

/**
 * An application's data as it is stored (SECURITY R34, ADR 0070): each step's personal values (x-mask in
 * the step's schema, a team member's phone included) sealed with SM4. Steps the activity no longer has
 * are stored as they are. Applications keep no blind index: nothing looks an application up by a number.
 */
export async function sealApplicationData(
  db: Db,
  steps: readonly SealedStep[],
  data: Readonly<Record<string, Record<string, unknown>>>,
): Promise<Record<string, Record<string, unknown>>> {
  const sealed: Record<string, Record<string, unknown>> = { ...data };
  for (const step of steps) {
    const values = data[step.key];
    const paths = stepPersonalPaths(step);
    if (values === undefined || !hasPersonalPaths(paths)) continue;
    sealed[step.key] = (await sealPersonalValues(personalCipherOf(db), paths, values)).data;
  }
  return sealed;
}

/**
 * An application as the portal reads it: every sealed value opened, wherever it sits (a value sealed under
 * a step of an earlier version of the activity too), before masking or unmasking applies.
 */
export async function openApplication<T extends { data: Record<string, Record<string, unknown>> }>(db: Db, row: T): Promise<T> {
  // Nothing to open in an application that holds no sealed text (most hold none; the walk is skipped).
  if (!JSON.stringify(row.data).includes('"kc1:')) return row;
  return { ...row, data: (await openSealedAnywhere(personalCipherOf(db), row.data)) as Record<string, Record<string, unknown>> };
}
