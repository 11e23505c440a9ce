import { describe, expect, it } from 'vitest';
import selfTest from '../../../schemas/forms/self-test.schema.json';
import operators from '../../../schemas/dicts/rule_operator.json';
import questions from '../../../schemas/dicts/self_test_question.json';
import { DEMO_POLICY_RULES } from '../../../src/server/seed/demo-policy-rules';
import { conditionHolds, describeCondition, ruleHolds } from '../../../src/shared/matching/match-rule';

/** A company of the demo: 东湖区, six years old, R&D at 4.2 % of revenue, two invention patents, not yet high-tech. */
const company = {
  district: 'dh',
  techField: '01',
  foundedYears: 6,
  employees: 120,
  revenue: 8000,
  rdRatio: 4.2,
  rdStaffRatio: 18,
  inventionPatents: 2,
  techContracts: 150,
  isHighTech: false,
  isTechSme: true,
};

describe('the self-test’s rules', () => {
  it('speaks the form’s language: every question is a field of the self-test, every operator is known', () => {
    expect(questions.items.map((item) => item.dictKey).sort()).toEqual(Object.keys(selfTest.properties).sort());
    const known = new Set(operators.items.map((item) => item.dictKey));
    for (const rule of DEMO_POLICY_RULES) {
      for (const condition of rule.conditions) {
        expect(Object.keys(selfTest.properties), rule.policyTitle).toContain(condition.question);
        expect(known.has(condition.operator), rule.policyTitle).toBe(true);
      }
    }
  });

  it.each([
    [{ question: 'rdRatio', operator: 'atLeast', value: '3' }, true],
    [{ question: 'rdRatio', operator: 'atLeast', value: '5' }, false],
    [{ question: 'employees', operator: 'atMost', value: '500' }, true],
    [{ question: 'district', operator: 'is', value: 'dh' }, true],
    [{ question: 'district', operator: 'oneOf', value: 'xl，lg、nh' }, false],
    [{ question: 'district', operator: 'oneOf', value: 'xl,dh' }, true],
    [{ question: 'isTechSme', operator: 'isTrue' }, true],
    [{ question: 'isHighTech', operator: 'isFalse' }, true],
    // Unanswered: no assumption either way, except that "no" covers "not said".
    [{ question: 'runsIncubator', operator: 'isTrue' }, false],
    [{ question: 'runsIncubator', operator: 'isFalse' }, true],
    [{ question: 'rdStaffRatio', operator: 'atLeast', value: '' }, false],
    [{ question: 'rdRatio', operator: 'between', value: '1' }, false],
  ])('%o holds: %s', (condition, holds) => {
    expect(conditionHolds(condition, company)).toBe(holds);
  });

  it('matches the seeded policies this company qualifies for, and not the others', () => {
    const matched = DEMO_POLICY_RULES.filter((rule) => ruleHolds(rule.conditions, company)).map((rule) => rule.policyTitle);
    expect(matched).toContain('江城市关于加快高新技术企业培育的若干措施');
    expect(matched).toContain('江城市企业研发投入后补助实施细则');
    expect(matched).toContain('东湖区关于促进科技成果转化的若干政策');
    expect(matched).not.toContain('江城市科技企业孵化器认定和管理办法（2026年修订）');
    expect(matched).not.toContain('西岭区关于加快高新技术企业培育的若干政策');
    expect(ruleHolds([], company)).toBe(false);
  });

  it('says a condition in words', () => {
    const label = (items: Array<{ dictKey: string; dictValue: string }>) => (key: string) =>
      items.find((item) => item.dictKey === key)?.dictValue ?? key;
    const names = {
      question: label(questions.items),
      operator: label(operators.items),
      valueLabel: (question: string, value: string) => (question === 'district' && value === 'dh' ? '东湖区' : value),
    };
    expect(describeCondition({ question: 'rdRatio', operator: 'atLeast', value: '3' }, names)).toBe('研发费用占营业收入比例（%） 不低于 3');
    expect(describeCondition({ question: 'district', operator: 'oneOf', value: 'dh,xl' }, names)).toBe('所在区 属于其中之一 东湖区、xl');
    expect(describeCondition({ question: 'isTechSme', operator: 'isTrue' }, names)).toBe('已入库科技型中小企业：是');
  });
});
