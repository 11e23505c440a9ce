/**
 * The engine's rule matching (resource.json matching, ADR 0019): a rule holds when the answers to
 * the questionnaire meet every one of its conditions. Conditions are data (the policy self-test's
 * rules are records of policy-rule), so an editor adds a rule without code. An unanswered question
 * meets no condition except "no" (nothing is assumed).
 */
export interface RuleCondition {
  /** A top-level field of the questionnaire form (matching.form). */
  question: string;
  /** A key of the operators' dictionary (the conditions' operator x-dict, rule_operator). */
  operator: string;
  value?: string | undefined;
}

export type Answers = Readonly<Record<string, unknown>>;

const listOf = (value: string | undefined): string[] => (value ?? '').split(/[,，、\s]+/u).filter((item) => item.length > 0);

function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Whether one condition holds for the answers. */
export function conditionHolds(condition: RuleCondition, answers: Answers): boolean {
  const answer = answers[condition.question];
  switch (condition.operator) {
    case 'isTrue':
      return answer === true;
    case 'isFalse':
      return answer === false || answer === undefined;
    case 'is':
      return answer !== undefined && String(answer) === (condition.value ?? '').trim();
    case 'oneOf':
      return answer !== undefined && listOf(condition.value).includes(String(answer));
    case 'atLeast':
    case 'atMost': {
      const given = asNumber(answer);
      const bound = Number((condition.value ?? '').trim());
      if (given === undefined || (condition.value ?? '').trim() === '' || !Number.isFinite(bound)) return false;
      return condition.operator === 'atLeast' ? given >= bound : given <= bound;
    }
    default:
      // An operator this version does not know matches nothing rather than everything.
      return false;
  }
}

/** Whether a rule holds: it has conditions, and every one of them holds. */
export function ruleHolds(conditions: readonly RuleCondition[], answers: Answers): boolean {
  return conditions.length > 0 && conditions.every((condition) => conditionHolds(condition, answers));
}

/**
 * A condition in words, from the dictionaries' names: 研发费用占营业收入比例（%） 不低于 3.
 * `valueLabel` names a dictionary value (the district's key dh → 东湖区) where the question has one.
 */
export function describeCondition(
  condition: RuleCondition,
  names: { question: (key: string) => string; operator: (key: string) => string; valueLabel: (question: string, value: string) => string },
): string {
  const question = names.question(condition.question);
  const operator = names.operator(condition.operator);
  if (condition.operator === 'isTrue' || condition.operator === 'isFalse') return `${question}：${operator}`;
  const values = condition.operator === 'oneOf' ? listOf(condition.value) : [(condition.value ?? '').trim()];
  return `${question} ${operator} ${values.map((value) => names.valueLabel(condition.question, value)).join('、')}`;
}
