import fc from 'fast-check';

/** Objects or arrays nested `depth` deep around a string, as JSON text: far past any limit, well under 1 MB. */
function deeplyNestedText(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object' ? `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}` : `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
}

/**
 * Stand-ins for values too deep to build, copy or stringify on the test's own stack: toJsonText puts
 * the nested text in their place.
 */
const DEEP_VALUES: Record<string, string> = {
  '@@deep-object-5000@@': deeplyNestedText(5_000, 'object'),
  '@@deep-array-5000@@': deeplyNestedText(5_000, 'array'),
  '@@deep-object-65@@': deeplyNestedText(65, 'object'),
};

/** The JSON text of a generated value, the deep stand-ins replaced by their nesting. */
export function toJsonText(value: unknown): string {
  let text = JSON.stringify(value) ?? '';
  for (const [token, nested] of Object.entries(DEEP_VALUES)) text = text.replaceAll(`"${token}"`, nested);
  return text;
}

/**
 * Strings an attacker or a broken client sends. None contains what the leak check looks for (SQL
 * text, stack frames, /work/, /tmp/), so an answer that echoes one is not mistaken for a leak.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  '\u202Eexe.jpg',
  '\u200F\u202B مرحبا',
  '\u200B\uFEFF',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '%s%s%s%n',
  '2026-12-31T23:59:60Z',
  '2026-02-30',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999999999Z',
  '2026-13-01',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x10',
  ' 1 ',
  '9'.repeat(400),
  '-' + '9'.repeat(400),
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '😀👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\r\nSet-Cookie: x=1',
  '中'.repeat(5_000),
  'x'.repeat(70_000),
];

export const HOSTILE_NUMBERS: readonly number[] = [
  -0,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
];

/** Any JSON value that is the wrong thing in most places, nested far too deep included. Built once: building is slow. */
export const HOSTILE_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: fc.constantFrom(...Object.keys(DEEP_VALUES)) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 10_000 }, (_, index) => index)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Bodies that are not JSON, or JSON that JSON.stringify cannot write: sent as they are. */
export const RAW_JSON_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":}',
  'null',
  '-0',
  '"\\u0000"',
  '{"a":1e999}',
  '{"pageNo":1e999,"pageSize":-0}',
  `{"pageNo":${'9'.repeat(400)}}`,
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  '{} trailing',
  deeplyNestedText(20_000, 'array'),
  '{"a":"\\ud800"}',
  '{"\\u0000":1}',
];

/** A string as the URL carries it: percent-encoded UTF-8, and a lone surrogate as the bytes a hostile client sends (WTF-8). */
export function encodeUrlComponent(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}
