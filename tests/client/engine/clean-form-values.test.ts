import { observable } from '@formily/reactive';
import { describe, expect, it } from 'vitest';
import { cleanFormValues } from '../../../src/client/engine/clean-form-values';

describe('cleanFormValues', () => {
  it("drops ArrayTable's row index key at any depth and returns plain data (trap 4)", () => {
    const values = observable({
      members: [
        { name: '张三', __DO_NOT_USE_THIS_PROPERTY_index__: 0 },
        { name: '', __DO_NOT_USE_THIS_PROPERTY_index__: 1, files: [{ id: 'a', __DO_NOT_USE_THIS_PROPERTY_index__: 0 }] },
      ],
      note: 'x',
    });
    const cleaned = cleanFormValues(values);
    expect(cleaned).toEqual({ members: [{ name: '张三' }, { name: '', files: [{ id: 'a' }] }], note: 'x' });
    expect(JSON.stringify(cleaned)).not.toContain('__DO_NOT_USE');
    // The form's own values are untouched: the table still needs its keys.
    expect(values.members[0]).toHaveProperty('__DO_NOT_USE_THIS_PROPERTY_index__', 0);
  });

  it('passes scalars and non-plain objects through', () => {
    const when = new Date(0);
    expect(cleanFormValues({ when, n: 1, b: false, s: null })).toEqual({ when, n: 1, b: false, s: null });
    expect(cleanFormValues('x')).toBe('x');
  });
});
