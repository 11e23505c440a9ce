import { describe, expect, it } from 'vitest';
import { filtersOf, pageNoOf, withFilter } from '../../../../src/client/engine/layouts/list-query';
import type { ListFilter } from '../../../../src/shared/resource/list-fields';

const FILTERS: ListFilter[] = [
  { field: 'title', title: '活动名称', match: 'contains', type: 'string' },
  { field: 'kind', title: '活动类型', match: 'equals', type: 'string', dict: 'event_kind' },
  { field: 'seats', title: '名额', match: 'equals', type: 'integer' },
  { field: 'open', title: '开放', match: 'equals', type: 'boolean' },
  { field: 'month', title: '月份', match: 'month', type: 'string' },
];

describe('a public list query in the address', () => {
  it('reads each filter in its type, and leaves out what the server would refuse', () => {
    const params = new URLSearchParams('title=%20路演%20&kind=salon&seats=120&open=true&month=2026-11&other=x');
    expect(filtersOf(params, FILTERS)).toEqual({ title: '路演', kind: 'salon', seats: 120, open: true, month: '2026-11' });
    expect(filtersOf(new URLSearchParams('seats=many&open=yes&month=2026-13'), FILTERS)).toEqual({});
  });

  it('reads the page number, 1 when it is missing or broken', () => {
    expect(pageNoOf(new URLSearchParams('pageNo=3'))).toBe(3);
    expect(pageNoOf(new URLSearchParams('pageNo=0'))).toBe(1);
    expect(pageNoOf(new URLSearchParams('pageNo=abc'))).toBe(1);
    expect(pageNoOf(new URLSearchParams(''))).toBe(1);
  });

  it('sets or clears one filter and goes back to the first page', () => {
    const params = new URLSearchParams('kind=salon&pageNo=3');
    expect(withFilter(params, 'district', 'dh').toString()).toBe('kind=salon&district=dh');
    expect(withFilter(params, 'kind', '').toString()).toBe('');
  });
});
