import { describe, expect, it } from 'vitest';
import messageSchema from '../../../schemas/forms/message.schema.json';
import { checkSchema } from '../../../src/shared/schema/check-schema';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

const clone = (): JsonSchema => structuredClone(messageSchema) as JsonSchema;
const props = (schema: JsonSchema): Record<string, JsonSchema> => schema.properties as Record<string, JsonSchema>;

describe('checkSchema', () => {
  it('accepts the message form', () => {
    expect(checkSchema(messageSchema)).toEqual([]);
  });

  it('names the pointer of a mistyped keyword and suggests the right spelling', () => {
    const schema = clone();
    props(schema)['theme']!['maxlength'] = 50;
    expect(checkSchema(schema)).toEqual([
      { pointer: '/properties/theme/maxlength', message: '未知的关键字 "maxlength"，是否想写 "maxLength"？（关键字区分大小写）' },
    ]);
  });

  it('accepts x-retired at the root of a form and refuses it on a field (ADR 0055)', () => {
    const schema = clone();
    schema['x-retired'] = true;
    expect(checkSchema(schema)).toEqual([]);
    props(schema)['theme']!['x-retired'] = true;
    (schema as Record<string, unknown>)['x-retired'] = 'yes';
    expect(checkSchema(schema)).toEqual([
      { pointer: '/properties/theme/x-retired', message: 'x-retired 只能写在表单文件的根上（停用整个表单），不能写在字段上' },
      { pointer: '/x-retired', message: 'x-retired 的取值不合法：类型应为 boolean' },
    ]);
  });

  it('rejects an unregistered x- keyword and a bad x- value', () => {
    const schema = clone();
    props(schema)['name']!['x-dcit'] = 'need_type';
    props(schema)['phone']!['x-component'] = 'Slider';
    const problems = checkSchema(schema);
    expect(problems.map((p) => p.pointer)).toEqual(['/properties/name/x-dcit', '/properties/phone/x-component']);
    expect(problems[0]!.message).toMatch(/^未注册的扩展关键字 "x-dcit"，是否想写 "x-dict"/);
    expect(problems[1]!.message).toMatch(/^x-component 的取值不合法：取值应为以下之一/);
  });

  it('reports draft-07 errors, a required name with no property, and a missing $id', () => {
    const schema = clone();
    props(schema)['code']!.maxLength = '20' as unknown as number;
    schema.required = [...(schema.required ?? []), 'company'];
    delete schema.$id;
    const problems = checkSchema(schema);
    expect(problems).toContainEqual({ pointer: '/properties/code/maxLength', message: '类型应为 integer' });
    expect(problems).toContainEqual({ pointer: '/required/5', message: 'required 中的 "company" 没有在 properties 中定义' });
    expect(problems).toContainEqual({ pointer: '/$id', message: '缺少 $id（生成的类型名由它决定）' });
  });

  it('checks what an x-compare names: an op it knows, a sibling of the same kind, on the field itself', () => {
    const schema = clone();
    const properties = props(schema);
    properties['startDate'] = { type: 'string', title: '开始日期', format: 'date' };
    properties['endDate'] = { type: 'string', title: '结束日期', format: 'date', 'x-compare': { op: '>=', field: 'startDate' } };
    expect(checkSchema(schema)).toEqual([]);

    // Malformed on purpose: the type would not allow it, an author's JSON file does.
    (properties['endDate'] as Record<string, unknown>)['x-compare'] = { op: '=>', field: 'startDate' };
    properties['theme']!['x-compare'] = { op: '<', field: 'name' };
    properties['visitDate'] = { type: 'string', format: 'date', 'x-compare': { op: '>', field: 'startDat' } };
    properties['count'] = { type: 'integer', 'x-compare': { op: '<=', field: 'startDate' } };
    properties['self'] = { type: 'number', 'x-compare': { op: '<=', field: 'self' } };
    schema.then = { properties: { late: { type: 'string', format: 'date', 'x-compare': { op: '>', field: 'startDate' } } } };
    expect(checkSchema(schema)).toEqual([
      {
        pointer: '/properties/theme/x-compare',
        message: 'x-compare 只能写在数字（number、integer）、日期（format 为 date）或日期时间（format 为 date-time）字段上',
      },
      {
        pointer: '/properties/endDate/x-compare/op',
        message: 'x-compare 的取值不合法：取值应为以下之一："<"、"<="、">"、">="、"=="、"!="',
      },
      {
        pointer: '/properties/visitDate/x-compare/field',
        message: 'x-compare 比较的字段 "startDat" 没有在同一层的 properties 中定义（可比较的同类字段：startDate、endDate）',
      },
      {
        pointer: '/properties/count/x-compare/field',
        message:
          'x-compare 比较的字段 "startDate" 与本字段不是同类：两个字段应同为数字（number、integer），或同为日期（format 为 date），或同为日期时间（format 为 date-time）',
      },
      { pointer: '/properties/self/x-compare/field', message: 'x-compare 不能与字段自身比较' },
      {
        pointer: '/then/properties/late/x-compare',
        message: 'x-compare 只能写在字段本身（对象的 properties）上，不能写在 if、then、else、allOf、anyOf、oneOf 或 not 中',
      },
    ]);
  });

  it('checks an x-compare with today or now: a date with today, a date-time with now, and one other side only', () => {
    const schema = clone();
    const properties = props(schema);
    properties['foundedOn'] = { type: 'string', format: 'date', 'x-compare': { op: '<=', today: true } };
    properties['heldAt'] = { type: 'string', format: 'date-time', 'x-compare': { op: '<', now: true, message: '应早于现在' } };
    expect(checkSchema(schema)).toEqual([]);

    // Malformed on purpose, as an author's JSON file may be.
    properties['foundedOn']['x-compare'] = { op: '<=', now: true };
    properties['heldAt']['x-compare'] = { op: '<', today: true };
    properties['count'] = { type: 'integer', 'x-compare': { op: '<=', today: true } };
    properties['both'] = { type: 'string', format: 'date', 'x-compare': { op: '<=', today: true, field: 'foundedOn' } as never };
    properties['none'] = { type: 'string', format: 'date', 'x-compare': { op: '<=' } as never };
    properties['falsy'] = { type: 'string', format: 'date', 'x-compare': { op: '<=', today: false } as never };
    const one = 'x-compare 应写 field（同一层的另一个字段）、today（今天，用于日期）或 now（当前时间，用于日期时间）中的一个，且只写一个';
    expect(checkSchema(schema)).toEqual([
      {
        pointer: '/properties/foundedOn/x-compare/now',
        message:
          'x-compare 的 now（当前时间）只能写在日期时间字段（format 为 date-time）上；日期字段（format 为 date）与今天比较，写 today',
      },
      {
        pointer: '/properties/heldAt/x-compare/today',
        message:
          'x-compare 的 today（今天）只能写在日期字段（format 为 date）上；日期时间字段（format 为 date-time）与当前时间比较，写 now',
      },
      {
        pointer: '/properties/count/x-compare/today',
        message:
          'x-compare 的 today（今天）只能写在日期字段（format 为 date）上；日期时间字段（format 为 date-time）与当前时间比较，写 now',
      },
      { pointer: '/properties/both/x-compare', message: one },
      { pointer: '/properties/none/x-compare', message: one },
      { pointer: '/properties/falsy/x-compare/today', message: 'x-compare 的取值不合法：取值应为 true' },
    ]);
  });

  it('walks into conditional branches and array items', () => {
    const schema: JsonSchema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://schemas.kechuang.local/forms/x.schema.json',
      title: 'x',
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'object', properties: { a: { type: 'string', 'x-ordr': 1 } } } } },
      if: { properties: { list: { minItems: 1 } } },
      then: { properties: { b: { type: 'string', maxLenght: 2 } } },
    };
    expect(checkSchema(schema).map((p) => p.pointer)).toEqual([
      '/properties/list/items/properties/a/x-ordr',
      '/then/properties/b/maxLenght',
    ]);
  });
});
