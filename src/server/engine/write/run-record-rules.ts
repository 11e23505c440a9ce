import type { RecordRow } from '../records/record-store';
import type { RecordCheckContext, RecordEffectContext, RecordPlacement, TransitionEffectContext } from './record-rule';
import { recordRulesOf } from './record-rules';

/**
 * Every check of the folder's rule list on the data about to be written (create, update, each row of
 * an import), in order; the first refusal throws. Returns where the record belongs.
 */
export async function runRecordChecks(context: RecordCheckContext, data: Record<string, unknown>): Promise<RecordPlacement> {
  let orgId: string | undefined;
  for (const rule of recordRulesOf(context.resource)) {
    const placed = await rule.check?.(context, data);
    if (placed?.orgId !== undefined) orgId = placed.orgId;
  }
  return { orgId };
}

/** Every after-write effect of the folder's rule list, in the write's transaction, on the row it wrote. */
export async function runRecordEffects(context: RecordEffectContext, row: RecordRow): Promise<void> {
  for (const rule of recordRulesOf(context.resource)) await rule.afterWrite?.(context, row);
}

/** Every transition effect of the folder's rule list, in the transition's transaction; `from` is the state it left. */
export async function runTransitionEffects(context: TransitionEffectContext, row: RecordRow, from: string): Promise<void> {
  for (const rule of recordRulesOf(context.resource)) await rule.afterTransition?.(context, row, from);
}
