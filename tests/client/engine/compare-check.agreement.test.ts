import { createForm } from '@formily/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFieldRules } from '../../../src/client/engine/field-rules';
import { validateValues } from '../../../src/client/engine/validate-values';
import type { Locale } from '../../../src/shared/i18n/locale';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { pruneEmpty } from '../../../src/shared/schema/prune-empty';
import { toFieldErrors } from '../../../src/shared/schema/to-field-errors';
import { COMPARE_SCHEMA } from '../../fixtures/compare-schema';

/**
 * x-compare is judged three times: by the server's ajv keyword, by the client's verdict on a
 * whole record (validateValues, before submit and for unmounted blocks) and by the Formily rule on
 * the field as the user types. For the same data all three must fail the same fields with the same
 * message, in both locales.
 */

const validate = createAjv({ checked: true }).compile(COMPARE_SCHEMA);
const properties = COMPARE_SCHEMA.properties ?? {};
const rowProperties = (properties['stages']?.items as JsonSchema).properties ?? {};

// Close together, so that equal, earlier and later all come up; a few malformed ones too.
const dateArb = fc.constantFrom('2025-02-27', '2025-02-28', '2025-03-01', '2025-03-01', '2025-03-02', '2025-02-30', '2025/03/01', '');
const dateTimeArb = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.constantFrom('Z', '+08:00', '-01:30', '+0800', '')).map(([hour, zone]) => {
  // The same few instants written in different zones: 02:00Z is 10:00+08:00 is 00:30-01:30.
  const shift = { Z: 0, '+08:00': 8 * 60, '-01:30': -90, '+0800': 8 * 60, '': 0 }[zone] ?? 0;
  const minutes = hour * 30 + shift + 24 * 60;
  const hh = String(Math.floor(minutes / 60) % 24).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `2025-03-01T${hh}:${mm}:00${zone}`;
});
const numberArb = fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constantFrom(9.5, 10, 10.01));
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 4 });

const recordArb = fc
  .record({
    startDate: optional(dateArb),
    endDate: optional(dateArb),
    total: optional(numberArb),
    subsidy: optional(numberArb),
    opensAt: optional(dateTimeArb),
    closesAt: optional(dateTimeArb),
    stages: optional(fc.array(fc.record({ from: optional(dateArb), to: optional(dateArb) }), { maxLength: 3 })),
  })
  .map((raw) => JSON.parse(JSON.stringify(raw)) as Record<string, unknown>);

const line = (error: { path: string; keyword: string; message: string }): string => `${error.path} ${error.keyword} ${error.message}`;

function serverLines(data: Record<string, unknown>, locale: Locale): string[] {
  validate(pruneEmpty(data));
  return toFieldErrors(validate.errors, COMPARE_SCHEMA, locale).map(line).sort();
}

/** What the Formily rule of each x-compare field says, asked with the field as Formily asks it. */
function formilyMessages(data: Record<string, unknown>, locale: Locale): Map<string, string> {
  const form = createForm({ values: structuredClone(data) });
  const messages = new Map<string, string>();
  const ask = (name: string, basePath: string, siblings: Record<string, JsonSchema>): void => {
    const path = basePath ? `${basePath}.${name}` : name;
    const field = form.createField({ name, basePath });
    for (const rule of buildFieldRules(siblings[name]!, { required: false, locale, fieldPath: path, siblings })) {
      if ('validator' in rule) messages.set(path, rule.validator(field.value, rule, { field }));
    }
  };
  for (const name of ['endDate', 'subsidy', 'closesAt']) ask(name, '', properties);
  const rows = Array.isArray(data['stages']) ? data['stages'] : [];
  rows.forEach((_row, index) => ask('to', `stages.${index}`, rowProperties));
  return messages;
}

describe('x-compare: the server, the client verdict and the Formily rule agree', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`on the same fields with the same messages (${locale})`, () => {
      let compareFailures = 0;
      fc.assert(
        fc.property(recordArb, (data) => {
          const server = serverLines(data, locale);
          expect(validateValues(COMPARE_SCHEMA, data, locale).map(line).sort()).toEqual(server);
          // The field's rule says what the server says about that field, or nothing when it finds no fault.
          for (const [path, message] of formilyMessages(data, locale)) {
            const expected = server.find((entry) => entry.startsWith(`${path} `));
            expect(message, path).toBe(expected ? expected.slice(expected.indexOf(' ', path.length + 1) + 1) : '');
          }
          if (server.some((entry) => entry.includes(' x-compare '))) compareFailures += 1;
        }),
        { numRuns: 150 },
      );
      // The generator must break the rule often, or the agreement proves little.
      expect(compareFailures).toBeGreaterThan(15);
    });
  }
});
