/**
 * The long form of issue 16's browser benchmark, written in our canonical dialect (draft-07 + x-*),
 * as an activity step would carry it: `additionalProperties: false` on every object, `$id` in the
 * activity form, a dictionary select as `x-dict` (the bench answers the dictionary call itself).
 *
 * Pure: the same `n` always gives the same schema, values and plan.
 */
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

/** The activity folder and step the schema pretends to live in (its `$id` follows check-activity-folder). */
export const BENCH_ACTIVITY_ID = 'form-bench';
export const BENCH_STEP_KEY = 'form';
/** A dictionary of schemas/dicts that the select fields and the table's select column name. */
export const BENCH_DICT_CODE = 'tech_field';
/** Submit with exactly this many required fields left empty. */
export const REQUIRED_FIELDS = 20;
export const TABLE_FIELD = 'items';
export const TABLE_ROWS = 50;
export const TEXT_MAX_LENGTH = 50;

export const FIELD_KINDS = ['text', 'select', 'number', 'date', 'boolean'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

const KIND_TITLES: Record<FieldKind, string> = { text: '文本', select: '下拉', number: '数字', date: '日期', boolean: '开关' };

export interface BenchFieldPlan {
  name: string;
  title: string;
  kind: FieldKind;
  required: boolean;
}

export interface BenchForm {
  n: number;
  schema: JsonSchema;
  /** The draft being edited: every table row filled in, the top-level fields empty. */
  initialValues: Record<string, unknown>;
  /** The top-level fields in order (the table excluded). */
  fields: BenchFieldPlan[];
  /** The required text fields, left empty: submitting gives exactly REQUIRED_FIELDS errors. */
  requiredFields: string[];
  /** An optional text field past the middle of the form: the keystroke measurement types into it. */
  typedField: BenchFieldPlan;
  /** Every field that has a FormItem on screen: n top-level, the table itself and each of its cells. */
  fieldCount: number;
}

const TABLE_COLUMNS: Array<{ name: string; title: string; kind: FieldKind }> = [
  { name: 'name', title: '名称', kind: 'text' },
  { name: 'field', title: '技术领域', kind: 'select' },
  { name: 'amount', title: '金额（万元）', kind: 'number' },
  { name: 'startDate', title: '开始日期', kind: 'date' },
  { name: 'active', title: '是否启用', kind: 'boolean' },
];

function leaf(kind: FieldKind, title: string, order: number | undefined): JsonSchema {
  const at = order === undefined ? {} : { 'x-order': order };
  switch (kind) {
    case 'text':
      return { type: 'string', title, maxLength: TEXT_MAX_LENGTH, ...at };
    case 'select':
      return { type: 'string', title, 'x-dict': BENCH_DICT_CODE, ...at };
    case 'number':
      return { type: 'number', title, minimum: 0, maximum: 1000000, ...at };
    case 'date':
      return { type: 'string', title, format: 'date', ...at };
    case 'boolean':
      return { type: 'boolean', title, ...at };
  }
}

const pad = (index: number): string => String(index).padStart(4, '0');

/** The row values: every column filled in and valid. */
function tableRows(): Array<Record<string, unknown>> {
  return Array.from({ length: TABLE_ROWS }, (_, row) => ({
    name: `项目${row + 1}`,
    field: `0${(row % 8) + 1}`,
    amount: (row + 1) * 10,
    startDate: `2026-${String((row % 12) + 1).padStart(2, '0')}-15`,
    active: row % 2 === 0,
  }));
}

/** Which text fields are required: REQUIRED_FIELDS of them, spread evenly over the form. */
function requiredTextOrdinals(textCount: number): Set<number> {
  if (textCount < REQUIRED_FIELDS + 1)
    throw new Error(`n is too small: ${textCount} text fields, ${REQUIRED_FIELDS} required plus one to type in are needed`);
  return new Set(Array.from({ length: REQUIRED_FIELDS }, (_, k) => Math.floor((k * textCount) / REQUIRED_FIELDS)));
}

/**
 * N top-level fields cycling through text (maxLength, 20 of them required), dictionary select,
 * number, date and boolean, then one ArrayTable of 50 rows × 5 columns (the same five kinds) filled
 * in by the initial values.
 */
export function generateBenchForm(n: number): BenchForm {
  if (!Number.isInteger(n) || n < 1) throw new Error(`n must be a positive integer, got ${n}`);
  const textCount = Math.ceil(n / FIELD_KINDS.length);
  const requiredOrdinals = requiredTextOrdinals(textCount);
  const fields: BenchFieldPlan[] = [];
  for (let index = 0; index < n; index += 1) {
    const kind = FIELD_KINDS[index % FIELD_KINDS.length] ?? 'text';
    const required = kind === 'text' && requiredOrdinals.has(index / FIELD_KINDS.length);
    fields.push({ name: `${kind}${pad(index + 1)}`, title: `${KIND_TITLES[kind]}${pad(index + 1)}`, kind, required });
  }
  const properties: Record<string, JsonSchema> = {};
  fields.forEach((field, index) => {
    properties[field.name] = leaf(field.kind, field.title, index + 1);
  });
  properties[TABLE_FIELD] = {
    type: 'array',
    title: '项目明细',
    'x-component': 'ArrayTable',
    'x-order': n + 1,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: Object.fromEntries(TABLE_COLUMNS.map((column) => [column.name, leaf(column.kind, column.title, undefined)])),
    },
  };
  const requiredFields = fields.filter((field) => field.required).map((field) => field.name);
  const typedField = fields.find((field, index) => index >= n / 2 && field.kind === 'text' && !field.required);
  if (!typedField) throw new Error(`no optional text field past the middle of a ${n}-field form`);
  const schema: JsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `https://schemas.kechuang.local/activities/${BENCH_ACTIVITY_ID}/${BENCH_STEP_KEY}.schema.json`,
    title: `长表单（${n}个字段）`,
    type: 'object',
    additionalProperties: false,
    required: requiredFields,
    properties,
  };
  return {
    n,
    schema,
    initialValues: { [TABLE_FIELD]: tableRows() },
    fields,
    requiredFields,
    typedField,
    fieldCount: n + 1 + TABLE_ROWS * TABLE_COLUMNS.length,
  };
}
