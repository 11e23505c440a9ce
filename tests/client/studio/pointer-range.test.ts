import { describe, expect, it } from 'vitest';
import { pointerRange } from '../../../src/client/studio/pointer-range';

const schema = JSON.stringify(
  {
    type: 'object',
    required: ['title', 'budget'],
    properties: {
      title: { type: 'string', maxLength: 50 },
      budget: { type: 'number', maximun: 100 },
      'a/b': { type: 'string' },
      'c~d': { type: 'boolean' },
    },
    allOf: [{ required: ['title', 'budget'] }],
  },
  null,
  2,
);

/** The text the pointer's range marks. */
function marked(text: string, pointer: string): string {
  const { from, to } = pointerRange(text, pointer);
  return text.slice(from, to);
}

describe('pointerRange', () => {
  it("marks a nested property's key", () => {
    const { from } = pointerRange(schema, '/properties/budget/maximun');
    expect(marked(schema, '/properties/budget/maximun')).toBe('"maximun"');
    // The key inside budget, not some other occurrence.
    expect(from).toBeGreaterThan(schema.indexOf('"budget": {'));
  });

  it('marks the value of an array element', () => {
    const { from } = pointerRange(schema, '/required/1');
    expect(marked(schema, '/required/1')).toBe('"budget"');
    expect(from).toBeGreaterThan(schema.indexOf('"required"'));
    expect(from).toBeLessThan(schema.indexOf('"properties"'));
  });

  it('follows an index nested under an array element (allOf/0/required/1)', () => {
    const { from } = pointerRange(schema, '/allOf/0/required/1');
    expect(marked(schema, '/allOf/0/required/1')).toBe('"budget"');
    expect(from).toBeGreaterThan(schema.indexOf('"allOf"'));
  });

  it('follows an index into an array of arrays', () => {
    const text = JSON.stringify(
      {
        m: [
          [1, 2],
          [3, 4],
        ],
      },
      null,
      2,
    );
    expect(marked(text, '/m/1/0')).toBe('3');
    expect(marked(text, '/m/0/1')).toBe('2');
  });

  it('unescapes ~1 to / and ~0 to ~', () => {
    expect(marked(schema, '/properties/a~1b')).toBe('"a/b"');
    expect(marked(schema, '/properties/c~0d')).toBe('"c~d"');
    expect(marked(schema, '/properties/a~1b/type')).toBe('"type"');
  });

  it('treats a digit segment under an object as a key', () => {
    const text = '{\n  "0": {\n    "x": 1\n  }\n}';
    expect(marked(text, '/0/x')).toBe('"x"');
  });

  it("falls back to the nearest existing ancestor's key for a missing key", () => {
    expect(marked(schema, '/properties/budget/minimum')).toBe('"budget"');
    expect(marked(schema, '/properties/nothing/here')).toBe('"properties"');
    expect(marked(schema, '/required/9')).toBe('"required"');
  });

  it('marks the first line of the root for the root pointer', () => {
    expect(pointerRange(schema, '')).toEqual({ from: 0, to: 1 });
    expect(marked(schema, '')).toBe('{');
    // A missing top-level key falls back to the root.
    expect(marked(schema, '/missing')).toBe('{');
  });

  it('marks an object or array value by its first line only', () => {
    const text = '{"a": 1,\n "b": 2}';
    expect(marked(text, '')).toBe('{"a": 1,');
  });

  it('marks the first line when the text does not parse', () => {
    expect(pointerRange('not json\nat all', '/a')).toEqual({ from: 0, to: 'not json'.length });
    expect(pointerRange('not json', '/a')).toEqual({ from: 0, to: 'not json'.length });
    expect(pointerRange('}', '/a')).toEqual({ from: 0, to: 1 });
    expect(pointerRange('', '/a')).toEqual({ from: 0, to: 0 });
  });

  it('still finds what a half-typed text has', () => {
    const text = '{\n  "a": 1,\n  "b": ';
    expect(marked(text, '/a')).toBe('"a"');
  });
});
