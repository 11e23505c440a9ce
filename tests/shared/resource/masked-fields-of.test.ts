import { describe, expect, it } from 'vitest';
import { maskedFieldsOf, sealedColumnsOf, sealedFieldsOf } from '../../../src/shared/resource/masked-fields-of';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

/** ADR 0072: x-mask masks and seals; x-personal only seals; both name the kind of the value for its blind index. */
const record: JsonSchema = {
  type: 'object',
  properties: {
    idNumber: { type: 'string', 'x-mask': 'idNumber' },
    contactPhone: { type: 'string', 'x-personal': 'phone' },
    name: { type: 'string' },
    odd: { type: 'string', 'x-personal': 'fax' },
    team: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          phone: { type: 'string', 'x-mask': 'phone' },
          email: { type: 'string', 'x-personal': 'email' },
          role: { type: 'string' },
        },
      },
    },
  },
};

describe('sealed fields (x-mask and x-personal)', () => {
  it('seals the masked fields and the x-personal ones, with their kinds; masks only the x-mask ones', () => {
    expect(sealedFieldsOf(record)).toEqual([
      ['idNumber', 'idNumber'],
      ['contactPhone', 'phone'],
    ]);
    expect(maskedFieldsOf(record)).toEqual([['idNumber', 'idNumber']]);
  });

  it('seals table columns the same way, and ignores a kind it does not know', () => {
    expect(sealedColumnsOf(record)).toEqual([
      ['team', 'phone', 'phone'],
      ['team', 'email', 'email'],
    ]);
  });
});
