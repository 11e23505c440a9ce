import { describe, expect, it } from 'vitest';
import { typedQuery } from '../../../../src/server/engine/routes/list-input-from-query';

describe('typedQuery: a GET list alias’s query texts as the list request’s numbers and booleans', () => {
  const properties = {
    pageNo: { type: 'integer' },
    amount: { type: 'number' },
    open: { type: 'boolean' },
    name: { type: 'string' },
  } as const;

  it('reads digits as numbers and true/false as booleans where the schema says so', () => {
    expect(typedQuery({ pageNo: '3', amount: '-2.5', open: 'false', name: '42' }, properties)).toEqual({
      pageNo: 3,
      amount: -2.5,
      open: false,
      name: '42',
    });
  });

  it('leaves digits past ±(2^53 − 1) as text, for the schema to refuse, rather than round them (issue 34)', () => {
    expect(typedQuery({ pageNo: '99999999999999999999', amount: '-9007199254740993' }, properties)).toEqual({
      pageNo: '99999999999999999999',
      amount: '-9007199254740993',
    });
    expect(typedQuery({ pageNo: String(Number.MAX_SAFE_INTEGER) }, properties)).toEqual({ pageNo: Number.MAX_SAFE_INTEGER });
  });
});
