import { describe, expect, it } from 'vitest';
import { carriedValuesHref } from '../../../src/client/engine/carried-values-href';
import { createHrefOf } from '../../../src/client/engine/create-href-of';
import { readCarriedValues } from '../../../src/client/engine/read-carried-values';
import type { ResourcePages } from '../../../src/shared/generated/resource-pages';

const product = { id: 'p1', data: { name: '科技贷 A&B', institution: '江城银行', maxAmount: 500 } };

describe('carriedValuesHref', () => {
  it("puts the record's fields and constants in the address, with the fixed ones named", () => {
    const href = carriedValuesHref(
      '/home/financing/financial_supermarket_apply',
      [
        { name: 'productName', field: 'name', fixed: true },
        { name: 'lender', field: 'institution', fixed: false },
        { name: 'applyNote', value: '来自产品页', fixed: false },
        { name: 'missing', field: 'absent', fixed: true },
      ],
      product,
    );
    const params = new URL(href, 'http://portal').searchParams;
    expect(new URL(href, 'http://portal').pathname).toBe('/home/financing/financial_supermarket_apply');
    expect(Object.fromEntries(params)).toEqual({
      productName: '科技贷 A&B',
      lender: '江城银行',
      applyNote: '来自产品页',
      _fixed: 'productName',
    });
  });

  it('leaves a link without values as it was, {id} filled', () => {
    expect(carriedValuesHref('/home/event/sign?eventId={id}', undefined, product)).toBe('/home/event/sign?eventId=p1');
  });
});

describe('readCarriedValues', () => {
  const record = {
    type: 'object',
    properties: { productName: { type: 'string' }, loanAmount: { type: 'number' }, applyType: { type: 'string' } },
  };

  it("takes the form's own top-level fields, typed, fixed as the address says, and skips the page's own fields", () => {
    const params = new URLSearchParams(
      'productName=科技贷&loanAmount=300&applyType=equity&next=/x&role=admin&_fixed=productName,applyType',
    );
    expect(readCarriedValues(params, record, ['applyType'])).toEqual({ fixed: { productName: '科技贷' }, prefilled: { loanAmount: 300 } });
  });

  it('drops a value that is not of its field type', () => {
    expect(readCarriedValues(new URLSearchParams('loanAmount=lots'), record, [])).toEqual({ fixed: {}, prefilled: {} });
  });
});

describe('createHrefOf', () => {
  const pages = [
    { path: '/home/financing/equity_apply', resource: 'financing', page: 'new', values: { applyType: 'equity' } },
    { path: '/home/financing/financial_supermarket_apply', resource: 'financing', page: 'new', values: { applyType: 'loan' } },
    { path: '/home/publish', resource: 'need', page: 'new' },
  ] as ResourcePages['pages'];

  it("leads to the folder's form page whose values are the list's where", () => {
    expect(createHrefOf('financing', { applyType: 'loan' }, pages)).toBe('/home/financing/financial_supermarket_apply');
    expect(createHrefOf('need', undefined, pages)).toBe('/home/publish');
  });

  it('falls back to the generic form', () => {
    expect(createHrefOf('financing', undefined, pages)).toBe('/resources/financing/new');
    expect(createHrefOf('check-in', undefined, pages)).toBe('/resources/check-in/new');
  });
});
