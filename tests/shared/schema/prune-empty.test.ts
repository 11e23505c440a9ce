import { describe, expect, it } from 'vitest';
import { isEmptyValue, pruneEmpty } from '../../../src/shared/schema/prune-empty';

describe('pruneEmpty (ADR 0001: a cleared field is not filled in)', () => {
  it('drops empty strings, nulls and empty arrays, at every depth, and keeps everything else', () => {
    const data = {
      name: '',
      note: null,
      tags: [],
      files: [{ id: 'a' }],
      count: 0,
      agreed: false,
      members: [
        { name: '张三', roles: [], phone: '' },
        { name: '', skills: ['x'] },
      ],
      address: { city: '', lines: [] },
    };
    expect(pruneEmpty(data)).toEqual({
      files: [{ id: 'a' }],
      count: 0,
      agreed: false,
      members: [{ name: '张三' }, { skills: ['x'] }],
      address: {},
    });
  });

  it('keeps the items of an array as they are, so that error paths keep their indexes', () => {
    expect(pruneEmpty({ rows: [{}, { a: '' }] })).toEqual({ rows: [{}, {}] });
    expect(pruneEmpty({ codes: ['', 'x'] })).toEqual({ codes: ['', 'x'] });
  });

  it('calls empty exactly what it drops', () => {
    for (const empty of [undefined, null, '', []]) expect(isEmptyValue(empty)).toBe(true);
    for (const filled of [0, false, ' ', [null], [{}], {}]) expect(isEmptyValue(filled)).toBe(false);
  });
});
