import fc from 'fast-check';
import { deriveConditions, fieldState } from '../../../src/shared/schema/conditions';
import { isJsonSchema, type JsonSchema } from '../../../src/shared/schema/json-schema';
import { unifiedSocialCreditCheckChar } from '../../../src/shared/rules/unified-social-credit-code';

/**
 * Random and edge-case records for a canonical schema, limited to what the form's widgets can
 * produce: no unknown keys, strings from text inputs and pickers, numbers from NumberPicker (with
 * its precision), enum values from Select/Radio, FileRefs from the Upload widget, rows from
 * ArrayTable/ArrayCards, and no value for a field its `if` hides (Formily drops it).
 */

const FILE_REF_ID = 'https://schemas.kechuang.local/api/file-ref.schema.json';
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

const primaryType = (node: JsonSchema): string | undefined => (Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type);

/** Strings of an exact length in code points, with wide characters so UTF-16 length differs. */
const ofLength = (length: number): fc.Arbitrary<string> => fc.constantFrom('字', 'a', '😀').map((unit) => unit.repeat(length));

function lengthEdges(node: JsonSchema): number[] {
  const edges = new Set<number>();
  if (typeof node.minLength === 'number') [node.minLength - 1, node.minLength].forEach((n) => edges.add(n));
  if (typeof node.maxLength === 'number') [node.maxLength, node.maxLength + 1].forEach((n) => edges.add(n));
  return [...edges].filter((n) => n >= 0);
}

// fc.stringMatching is slow enough to dominate a run; digits are built directly.
const digits = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

const usccCharsArb = (length: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...USCC_ALPHABET), { minLength: length, maxLength: length }).map((chars) => chars.join(''));

/** Valid codes, codes with a wrong check character, lower case, and codes one character short. */
const usccArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom('9', '1', '5', 'Y'), fc.constantFrom('1', '2', '3'), digits(6, 6), usccCharsArb(9))
    .map(([a, b, region, rest]) => {
      const first17 = `${a}${b}${region}${rest}`;
      return `${first17}${unifiedSocialCreditCheckChar(first17)}`;
    }),
  fc.tuple(digits(8, 8), usccCharsArb(9), fc.constantFrom(...USCC_ALPHABET)).map(([digits, rest, check]) => `${digits}${rest}${check}`),
  fc.constantFrom('91320500MA1X7K2Q3T', '91320500MA1X7K2Q3A', '91320500ma1x7k2q3t', '91320500MA1X7K2Q3I', '91320500MA1X7K2Q3'),
);

const validMobileArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...'3456789'), digits(9, 9))
  .map(([second, rest]) => `1${second}${rest}`);

const mobileArb: fc.Arbitrary<string> = fc.oneof(
  validMobileArb,
  digits(1, 12),
  fc.constantFrom('12345678901', '1380013800', '138001380000', '+8613800138000'),
);

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

// The DatePicker sends YYYY-MM-DD; drafts may hold anything, including impossible dates.
const dateArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .tuple(fc.integer({ min: 1990, max: 2035 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
  fc.constantFrom('2024-02-29', '2023-02-29', '2026-13-01', '2024/01/01'),
);

const dateTimeArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom('2024-01-01 10:00:00', '2024-01-01T25:00:00Z'),
);

const emailArb: fc.Arbitrary<string> = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('a@', 'no-at-sign', 'a@b', '张三@例子.中国', 'x@example.com'),
);

function formatArb(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uscc':
      return usccArb;
    case 'mobile':
      return mobileArb;
    case 'date':
      return dateArb;
    case 'date-time':
      return dateTimeArb;
    case 'email':
      return emailArb;
    default:
      return undefined;
  }
}

/** One code point per unit, so the length in code points is the number of units. */
const textUnit = fc.constantFrom(...'科技创新服务门户abcXYZ019 😀'.split(/(?:)/u));

function validFormatArb(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uscc':
      return fc.constantFrom('91320500MA1X7K2Q3T', '91330106MA2H4L6R8F', '91350100M000100Y43');
    case 'mobile':
      return validMobileArb;
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return fc
        .tuple(fc.array(fc.constantFrom(...'abcxyz019.'), { minLength: 1, maxLength: 16 }), fc.constantFrom('example.com', 'yunqi-tech.cn'))
        .map(([user, host]) => `a${user.join('')}@${host}`);
    default:
      return undefined;
  }
}

/** A string that meets the node's rules (most of the time: the edge generators do the rest). */
function validStringArb(node: JsonSchema): fc.Arbitrary<string> {
  const format = typeof node.format === 'string' ? validFormatArb(node.format) : undefined;
  if (format) return format;
  if (typeof node.pattern === 'string') return fc.stringMatching(new RegExp(node.pattern, 'u'));
  const minLength = Math.max(node.minLength ?? 1, 1);
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? 30, 30));
  return fc.array(textUnit, { minLength, maxLength }).map((units) => units.join(''));
}

function edgeStringArb(node: JsonSchema): fc.Arbitrary<string> {
  const options: Array<fc.Arbitrary<string>> = [];
  const format = typeof node.format === 'string' ? formatArb(node.format) : undefined;
  if (format) options.push(format, format);
  if (typeof node.pattern === 'string' && node.format !== 'uscc') options.push(fc.stringMatching(new RegExp(node.pattern, 'u')));
  const edges = lengthEdges(node);
  if (edges.length > 0) options.push(fc.constantFrom(...edges).chain(ofLength));
  const max = Math.min((node.maxLength ?? 40) + 2, 60);
  options.push(fc.string({ unit: 'grapheme', maxLength: max }), fc.string({ maxLength: max }));
  return fc.oneof(...options);
}

function precisionOf(node: JsonSchema, integer: boolean): number {
  return typeof node['x-component-props']?.['precision'] === 'number'
    ? (node['x-component-props']['precision'] as number)
    : integer
      ? 0
      : 2;
}

/** A NumberPicker value inside the node's bounds. */
function validNumberArb(node: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const scale = 10 ** precisionOf(node, integer);
  const low = Math.ceil(((node.minimum ?? node.exclusiveMinimum ?? 0) + (node.exclusiveMinimum !== undefined ? 1 / scale : 0)) * scale);
  const high = Math.floor(
    ((node.maximum ?? node.exclusiveMaximum ?? 100_000) - (node.exclusiveMaximum !== undefined ? 1 / scale : 0)) * scale,
  );
  return fc
    .integer({ min: low, max: Math.max(low, high) })
    .map((n) => Number((n / scale).toFixed(integer ? 0 : precisionOf(node, integer))));
}

/** NumberPicker values: its precision (0 for integer), with every bound and one step past it. */
function edgeNumberArb(node: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const precision = precisionOf(node, integer);
  const step = integer ? 1 : 10 ** -precision;
  const round = (n: number): number => Number(n.toFixed(integer ? 0 : precision));
  const edges: number[] = [];
  for (const bound of [node.minimum, node.maximum, node.exclusiveMinimum, node.exclusiveMaximum]) {
    if (typeof bound === 'number') edges.push(round(bound - step), round(bound), round(bound + step));
  }
  const low = node.minimum ?? node.exclusiveMinimum ?? -1000;
  const high = node.maximum ?? node.exclusiveMaximum ?? 1_000_000;
  const scale = integer ? 1 : 10 ** precision;
  const inRange = fc.integer({ min: Math.ceil((low - 10) * scale), max: Math.floor((high + 10) * scale) }).map((n) => round(n / scale));
  return edges.length > 0 ? fc.oneof(fc.constantFrom(...edges), inRange) : inRange;
}

const fileRefArb = fc.record({
  id: fc.uuid(),
  name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map((name) => `${name.trim() || '文件'}.pdf`),
  size: fc.integer({ min: 1, max: 50 * 1024 * 1024 }),
  type: fc.constantFrom('pdf', 'jpg', 'png', 'docx', 'xlsx', 'zip'),
});

function arrayLengthArb(node: JsonSchema): fc.Arbitrary<number> {
  const min = node.minItems ?? 0;
  const max = node.maxItems ?? Math.max(min, 4);
  const edges = [min - 1, min, max, max + 1].filter((n) => n >= 0);
  // Long arrays are slow to generate and judge; the edges and a few short lengths cover the rules.
  const valid = fc.integer({ min, max: Math.max(min, Math.min(max, 3)) });
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: fc.constantFrom(...edges), weight: 1 },
    { arbitrary: fc.integer({ min: 0, max: Math.min(max + 1, 6) }), weight: 1 },
  );
}

// Each leaf is usually valid, so that whole records are valid often enough to test agreement on
// "valid" too; one leaf in LEAF_EDGE_ODDS comes from the edge and random generators.
const LEAF_EDGE_ODDS = 14;

function leaf<T>(valid: fc.Arbitrary<T>, edge: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: valid, weight: LEAF_EDGE_ODDS - 1 }, { arbitrary: edge, weight: 1 });
}

/** Any value the form could send for this node. */
export function valueArb(node: JsonSchema): fc.Arbitrary<unknown> {
  if (node.$ref === FILE_REF_ID) return fileRefArb;
  if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum);
  const type = primaryType(node);
  switch (type) {
    case 'string':
      return leaf(validStringArb(node), edgeStringArb(node));
    case 'number':
      return leaf(validNumberArb(node, false), edgeNumberArb(node, false));
    case 'integer':
      return leaf(validNumberArb(node, true), edgeNumberArb(node, true));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = node.items;
      if (!isJsonSchema(items) || Array.isArray(items)) throw new Error('tuple arrays are not generated');
      return arrayLengthArb(node).chain((length) => fc.array(valueArb(items), { minLength: length, maxLength: length }));
    }
    case 'object':
      return objectArb(node);
    default:
      throw new Error(`no generator for type ${String(type)}`);
  }
}

/** An object with each field present or absent, minus the fields its conditions hide. */
export function objectArb(node: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(node.properties ?? {}).filter(([, child]) => isJsonSchema(child));
  const likelyRequired = new Set([
    ...(node.required ?? []),
    ...deriveConditions(node).flatMap((c) => [...c.thenRequired, ...c.elseRequired]),
  ]);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  // Required fields are seldom left out (that alone would make almost every record invalid);
  // optional ones are filled in about half the time.
  for (const [name, child] of entries)
    shape[name] = fc.option(valueArb(child), { nil: undefined, freq: likelyRequired.has(name) ? 25 : 2 });
  return fc.record(shape).map((raw) => {
    const present: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) if (value !== undefined) present[key] = value;
    for (const key of Object.keys(present)) {
      if (!fieldState(node, key, present).visible) delete present[key];
    }
    return present;
  });
}
