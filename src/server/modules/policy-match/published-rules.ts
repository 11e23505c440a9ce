import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Runner } from '../../db/write-with-history';
import { records } from '../../db/schema';
import type { RuleCondition } from '../../../shared/policy-match/match-rule';

export const RULE_RESOURCE = 'policy-rule';
const POLICY_RESOURCE = 'article';
const PUBLISHED = 'published';

/** A published rule with the published policy it is about. */
export interface PolicyRule {
  policyId: string;
  policyTitle: string;
  qualifies: string;
  support: string;
  deadline: string | undefined;
  conditions: RuleCondition[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function conditionsOf(value: unknown): RuleCondition[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { question, operator, value: given } = item as Record<string, unknown>;
    return typeof question === 'string' && typeof operator === 'string' ? [{ question, operator, ...(typeof given === 'string' ? { value: given } : {}) }] : [];
  });
}

/**
 * The published rules whose policy is still published (a policy taken down takes its rule out of
 * the self-test). Newest rule first; one rule per policy.
 */
export async function publishedRules(db: Runner, policyId?: string): Promise<PolicyRule[]> {
  const rules = await db
    .select({ data: records.data })
    .from(records)
    .where(and(eq(records.resource, RULE_RESOURCE), eq(records.status, PUBLISHED)))
    .orderBy(desc(records.updatedAt));
  const titles = [...new Set(rules.map((rule) => text(rule.data['policyTitle'])).filter((title) => title.length > 0))];
  if (titles.length === 0) return [];
  const titleOf = sql<string>`${records.data} ->> 'title'`;
  const published = await db
    .select({ id: records.id, title: titleOf })
    .from(records)
    .where(and(eq(records.resource, POLICY_RESOURCE), eq(records.status, PUBLISHED), inArray(titleOf, titles)))
    .orderBy(desc(records.updatedAt));
  const idByTitle = new Map<string, string>();
  for (const row of published) {
    if (!idByTitle.has(row.title)) idByTitle.set(row.title, row.id);
  }
  const seen = new Set<string>();
  return rules.flatMap((rule) => {
    const title = text(rule.data['policyTitle']);
    const id = idByTitle.get(title);
    if (!id || seen.has(id) || (policyId !== undefined && id !== policyId)) return [];
    seen.add(id);
    const deadline = text(rule.data['deadline']);
    return [{ policyId: id, policyTitle: title, qualifies: text(rule.data['qualifies']), support: text(rule.data['support']), deadline: deadline || undefined, conditions: conditionsOf(rule.data['conditions']) }];
  });
}
