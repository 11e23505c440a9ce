import { currentUnit, type UnitRow } from '../../services/users/user-units';
import { jurisdictionOf } from '../records/jurisdiction';
import type { RecordCheckContext } from './record-rule';

/**
 * The context of one write's checks. The writer's jurisdiction and current unit are read at most once
 * per write: an import checks thousands of rows against the same ones.
 */
export function recordCheckContext(input: Omit<RecordCheckContext, 'jurisdiction' | 'currentUnit'>): RecordCheckContext {
  const { db, resource, user } = input;
  let units: Promise<ReadonlySet<string> | null> | undefined;
  let unit: Promise<UnitRow | null> | undefined;
  return {
    ...input,
    jurisdiction: () => (units ??= user ? jurisdictionOf(db, resource, user) : Promise.resolve(null)),
    currentUnit: () => (unit ??= user ? currentUnit(db, user.id) : Promise.resolve(null)),
  };
}
