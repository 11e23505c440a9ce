import { and, desc, eq, inArray } from 'drizzle-orm';
import { records } from '../../db/schema';
import type { Runner } from '../../db/write-with-history';
import type { RuleCondition } from '../../../shared/matching/match-rule';
import { findTarget } from '../write/target-effects';
import type { CompiledResource } from '../units/resource-registry';

/** A public rule with the public target record it is about (resource.json matching and target). */
export interface PublicRule {
  id: string;
  data: Record<string, unknown>;
  target: { id: string; data: Record<string, unknown> };
  conditions: RuleCondition[];
}

function conditionsOf(value: unknown): RuleCondition[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { question, operator, value: given } = item as Record<string, unknown>;
    return typeof question === 'string' && typeof operator === 'string'
      ? [{ question, operator, ...(typeof given === 'string' ? { value: given } : {}) }]
      : [];
  });
}

/**
 * A folder's rules in its visitor states whose target is one record in the target's states (a
 * policy taken down takes its rule out), found by the engine's own target matching. Newest rule
 * first; one rule per target, so a policy is never listed twice.
 */
export async function publicRules(db: Runner, resource: CompiledResource, targetId?: string): Promise<PublicRule[]> {
  const { matching, target, visitors } = resource.resource;
  if (!matching || !target || !visitors) return [];
  const rows = await db
    .select({ id: records.id, data: records.data, blind: records.blind })
    .from(records)
    .where(and(eq(records.resource, resource.name), inArray(records.status, visitors.states)))
    .orderBy(desc(records.updatedAt));
  const seen = new Set<string>();
  const rules: PublicRule[] = [];
  for (const row of rows) {
    const found = await findTarget(db, target, row.data, row.blind);
    if (!found || seen.has(found.id) || (targetId !== undefined && found.id !== targetId)) continue;
    seen.add(found.id);
    rules.push({ id: row.id, data: row.data, target: found, conditions: conditionsOf(row.data[matching.conditions]) });
  }
  return rules;
}
