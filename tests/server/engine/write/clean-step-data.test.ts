import { describe, expect, it } from 'vitest';
import { cleanStepData } from '../../../../src/server/engine/write/clean-step-data';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';

// A step with a rich text, a plain text and a rich text shown only while hasRisk is true.
const STEP: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: { type: 'string' },
    progress: { type: 'string', 'x-component': 'RichText' },
    hasRisk: { type: 'boolean' },
    risk: { type: 'string', 'x-component': 'RichText' },
  },
  if: { properties: { hasRisk: { const: true } }, required: ['hasRisk'] },
  then: { required: ['risk'] },
};

describe('cleanStepData: one step as it may be stored', () => {
  it('sanitises rich text to the allowlist and leaves other text as sent', () => {
    expect(
      cleanStepData(STEP, { title: '<b>标题</b>', progress: '<p onclick="x()">进展<script>alert(1)</script></p><em>要点</em>' }),
    ).toEqual({ title: '<b>标题</b>', progress: '<p>进展</p><em>要点</em>' });
  });

  it('drops cleared values, a rich text with nothing visible left among them', () => {
    expect(cleanStepData(STEP, { title: '', progress: '<p> </p><script>alert(1)</script>', hasRisk: null })).toEqual({});
  });

  it('drops a field its condition hides, and keeps it while shown', () => {
    expect(cleanStepData(STEP, { hasRisk: false, risk: '<p>风险</p>' })).toEqual({ hasRisk: false });
    expect(cleanStepData(STEP, { hasRisk: true, risk: '<p>风险</p>' })).toEqual({ hasRisk: true, risk: '<p>风险</p>' });
  });

  it('changes nothing on a second pass, and leaves a value of the wrong kind for ajv to refuse', () => {
    const once = cleanStepData(STEP, {
      title: '标题',
      progress: '<p onclick="x()">进展</p>',
      hasRisk: true,
      risk: '<img src=x onerror=alert(1)><p>风险</p>',
    });
    expect(cleanStepData(STEP, once)).toEqual(once);
    expect(cleanStepData(STEP, 'not an object')).toBe('not an object');
    expect(cleanStepData(STEP, { progress: 42 })).toEqual({ progress: 42 });
  });
});
