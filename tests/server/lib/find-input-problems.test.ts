import { describe, expect, it } from 'vitest';
import {
  findInputProblems,
  hasUnstorableCharacter,
  isUnsafeNumber,
  MAX_INPUT_DEPTH,
  MAX_INPUT_PROBLEMS,
  printableSegment,
} from '../../../src/server/lib/find-input-problems';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

describe('hasUnstorableCharacter', () => {
  it('finds a NUL and either half of a surrogate pair on its own', () => {
    for (const text of ['\u0000', 'a\u0000b', '\uD800', 'x\uDBFFy', '\uDC00', 'a\uDFFF', '\uDC00\uD800'])
      expect(hasUnstorableCharacter(text), JSON.stringify(text)).toBe(true);
  });

  it('lets through whole pairs, other control characters and right-to-left marks', () => {
    for (const text of ['', '科创', '😀', '\uD83D\uDE00', '\u0001\t\r\n', '\u202E\u200F', '%00', '\\u0000'])
      expect(hasUnstorableCharacter(text), JSON.stringify(text)).toBe(false);
  });
});

describe('isUnsafeNumber', () => {
  it('finds the numbers JSON rounds or cannot hold: past ±(2^53 − 1), 1e308, Infinity', () => {
    for (const value of [
      2 ** 53,
      -(2 ** 53),
      JSON.parse('9007199254740993') as number,
      1e308,
      -1e308,
      JSON.parse('1e400') as number,
      -Infinity,
      NaN,
    ])
      expect(isUnsafeNumber(value), String(value)).toBe(true);
  });

  it('lets through every safe integer, fractions and what is not a number', () => {
    for (const value of [0, -0, 1, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2147483648, 0.5, 1e-300, '1e308', null])
      expect(isUnsafeNumber(value), String(value)).toBe(false);
  });
});

describe('findInputProblems', () => {
  it('names each number that cannot be held exactly by its path (issue 34)', () => {
    expect(
      findInputProblems({ publicationId: 1e308, version: JSON.parse('9007199254740993') as number, rows: [{ n: 1 }, { n: -1e20 }] }),
    ).toEqual([
      { kind: 'number', path: ['publicationId'] },
      { kind: 'number', path: ['version'] },
      { kind: 'number', path: ['rows', '1', 'n'] },
    ]);
    expect(findInputProblems(1e308)).toEqual([{ kind: 'number', path: [] }]);
  });

  it('names each string value and key that cannot be stored by its path, a level before the levels in it', () => {
    const input = { username: 'a\u0000b', members: [{ name: 'ok' }, { name: '\uD800' }], ['bad\u0000key']: 1 };
    expect(findInputProblems(input)).toEqual([
      { kind: 'character', path: ['username'] },
      { kind: 'character', path: ['bad\u0000key'] },
      { kind: 'character', path: ['members', '1', 'name'] },
    ]);
    expect(findInputProblems('\uDC00')).toEqual([{ kind: 'character', path: [] }]);
  });

  it('finds nothing in ordinary input, numbers and nulls included', () => {
    expect(findInputProblems({ theme: '关于技术合作', pageNo: 1, tags: ['a', null, true], nested: { deeper: [{}] } })).toEqual([]);
    expect(findInputProblems(undefined)).toEqual([]);
    expect(findInputProblems('plain')).toEqual([]);
  });

  it('reads a query object built on a bare prototype, and skips a Buffer', () => {
    const query = Object.create(Object.create(null) as object) as Record<string, string>;
    query['value'] = 'a\u0000b';
    expect(findInputProblems(query)).toEqual([{ kind: 'character', path: ['value'] }]);
    expect(findInputProblems({ file: Buffer.from([0, 0, 0]) })).toEqual([]);
  });

  it(`allows ${MAX_INPUT_DEPTH} levels of nesting and refuses the next one, without recursing`, () => {
    expect(findInputProblems(nested(MAX_INPUT_DEPTH))).toEqual([]);
    const tooDeep = findInputProblems(nested(MAX_INPUT_DEPTH + 1));
    expect(tooDeep).toEqual([{ kind: 'depth', path: Array.from({ length: MAX_INPUT_DEPTH }, () => 'a') }]);
    // Far deeper than any call stack: found all the same.
    const hundredThousand = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(findInputProblems(hundredThousand)[0]?.kind).toBe('depth');
  });

  it(`reports at most ${MAX_INPUT_PROBLEMS} problems`, () => {
    expect(findInputProblems(Array.from({ length: 1_000 }, () => '\u0000'))).toHaveLength(MAX_INPUT_PROBLEMS);
  });
});

describe('printableSegment', () => {
  it('replaces what cannot be stored, so an answer can name the field', () => {
    expect(printableSegment('a\u0000b\uD800')).toBe('a\uFFFDb\uFFFD');
    expect(printableSegment('科创😀')).toBe('科创😀');
  });
});
