import { describe, expect, it } from 'vitest';
import { buildFieldRules } from '../../../src/client/engine/field-rules';
import { markVerdictRule, verdictCoversRules } from '../../../src/client/engine/verdict-rules';

describe('verdictCoversRules', () => {
  const own = buildFieldRules({ type: 'string', maxLength: 5 }, { required: true, locale: 'zh-CN', fieldPath: 'name' });

  it("covers the engine's own rules and required, as Formily keeps them (copied descriptions)", () => {
    expect(own.length).toBe(2);
    expect(verdictCoversRules(own)).toBe(true);
    expect(verdictCoversRules(own.map((rule) => ({ ...rule })))).toBe(true);
    expect(verdictCoversRules([{ required: true }, ...own])).toBe(true);
    expect(verdictCoversRules(undefined)).toBe(true);
  });

  it("does not cover a host's rule, a format name or a marked function given other options", () => {
    expect(verdictCoversRules([...own, () => ''])).toBe(false);
    expect(verdictCoversRules([...own, { triggerType: 'onBlur', validator: async () => '' }])).toBe(false);
    expect(verdictCoversRules('email')).toBe(false);
    expect(verdictCoversRules([{ validator: markVerdictRule(() => ''), max: 3 }])).toBe(false);
    expect(verdictCoversRules(markVerdictRule(() => ''))).toBe(true);
  });
});
