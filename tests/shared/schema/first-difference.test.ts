import { describe, expect, it } from 'vitest';
import { firstDifference } from '../../../src/shared/schema/first-difference';

describe('firstDifference', () => {
  it('answers undefined for equal values, whatever their key order', () => {
    expect(firstDifference({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBeUndefined();
  });

  it('points at the first changed value, an added or removed key, and an array of another length', () => {
    expect(firstDifference({ a: { b: 1 } }, { a: { b: 2 } })).toBe('/a/b');
    expect(firstDifference({ a: 1 }, { a: 1, 'x/y': 2 })).toBe('/x~1y');
    expect(firstDifference({ a: 1, b: 2 }, { b: 2 })).toBe('/a');
    expect(firstDifference([1, 2], [1])).toBe('/1');
    expect(firstDifference({ a: [1] }, { a: { 0: 1 } })).toBe('/a');
  });
});
