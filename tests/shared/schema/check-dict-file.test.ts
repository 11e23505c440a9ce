import { describe, expect, it } from 'vitest';
import needType from '../../../schemas/dicts/need_type.json';
import { checkDictFile } from '../../../src/shared/schema/check-dict-file';

describe('checkDictFile', () => {
  it('accepts the shipped need_type dictionary', () => {
    expect(checkDictFile(needType)).toEqual([]);
  });
  it('names the pointer of each problem in Chinese', () => {
    expect(checkDictFile({ code: 'Need Type', name: '需求类型', items: [{ dictKey: '1' }] })).toEqual([
      { pointer: '/code', message: '不符合格式要求 ^[a-z][a-z0-9_]{0,63}$' },
      { pointer: '/items/0', message: '缺少必填属性 "dictValue"' },
    ]);
  });
});
