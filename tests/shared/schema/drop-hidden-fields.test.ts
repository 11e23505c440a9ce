import { describe, expect, it } from 'vitest';
import { dropHiddenFields } from '../../../src/shared/schema/drop-hidden-fields';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { MINI_BASIC } from '../fixtures/mini-activity';

describe('dropHiddenFields', () => {
  it('drops what the if/then/else hides for the values beside it, and keeps what it shows', () => {
    expect(dropHiddenFields(MINI_BASIC, { name: '智能检测', hasPatents: false, patentCount: 3, reason: '尚在申请中' })).toEqual({
      name: '智能检测',
      hasPatents: false,
      reason: '尚在申请中',
    });
    expect(dropHiddenFields(MINI_BASIC, { name: '智能检测', hasPatents: true, patentCount: 3, reason: '尚在申请中' })).toEqual({
      name: '智能检测',
      hasPatents: true,
      patentCount: 3,
    });
    // Without the field the condition tests, the `if` does not hold (as in ajv): the else branch shows.
    expect(dropHiddenFields(MINI_BASIC, { name: '智能检测', patentCount: 3 })).toEqual({ name: '智能检测' });
  });

  it('looks into nested objects and array items, and leaves fields no condition names alone', () => {
    const schema: JsonSchema = { type: 'object', properties: { projects: { type: 'array', items: MINI_BASIC }, note: { type: 'string' } } };
    expect(
      dropHiddenFields(schema, {
        note: '说明',
        projects: [
          { name: '甲', hasPatents: true, patentCount: 2, reason: 'x' },
          { name: '乙', hasPatents: false, patentCount: 5 },
        ],
      }),
    ).toEqual({
      note: '说明',
      projects: [
        { name: '甲', hasPatents: true, patentCount: 2 },
        { name: '乙', hasPatents: false },
      ],
    });
  });
});
