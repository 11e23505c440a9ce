import { describe, expect, it } from 'vitest';
import messageSchema from '../../../schemas/forms/message.schema.json';
import { collectDictCodes } from '../../../src/shared/schema/collect-dict-codes';
import { collectDictValues } from '../../../src/shared/schema/collect-dict-values';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { pruneEmpty } from '../../../src/shared/schema/prune-empty';

describe('dictionary collection', () => {
  it('finds the values the server must look up', () => {
    expect(collectDictValues(messageSchema as JsonSchema, { messageType: '9', theme: 't' })).toEqual([
      { path: 'messageType', code: 'need_type', value: '9' },
    ]);
  });
  it('walks arrays and multi-selects', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' }, 'x-dict': 'tag' },
        team: { type: 'array', items: { type: 'object', properties: { role: { type: 'string', 'x-dict': 'role' } } } },
      },
    };
    expect(collectDictValues(schema, { tags: ['a', 'b'], team: [{ role: 'r1' }, { role: 'r2' }] })).toEqual([
      { path: 'tags.0', code: 'tag', value: 'a' },
      { path: 'tags.1', code: 'tag', value: 'b' },
      { path: 'team.0.role', code: 'role', value: 'r1' },
      { path: 'team.1.role', code: 'role', value: 'r2' },
    ]);
    expect(collectDictCodes(schema)).toEqual([
      { pointer: '/properties/tags/x-dict', code: 'tag' },
      { pointer: '/properties/team/items/properties/role/x-dict', code: 'role' },
    ]);
  });
  it('prunes empty strings and nulls so a cleared field counts as missing', () => {
    expect(pruneEmpty({ a: '', b: null, c: 'x', d: [{ e: '' }], f: 0 })).toEqual({ c: 'x', d: [{}], f: 0 });
  });
});
