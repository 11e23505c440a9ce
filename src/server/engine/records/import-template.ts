import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/i18n/locale';
import { importColumns, type ImportColumn } from '../../../shared/resource/import-columns';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { findDictItems, offeredItems } from '../../services/dict/dict-store';
import { writeWorkbook, type OutCell, type OutSheet } from '../../services/excel/write-workbook';
import type { CompiledResource } from '../units/resource-registry';

const KIND_HINTS: Record<Locale, Record<ImportColumn['kind'], string>> = {
  'zh-CN': {
    text: '文本',
    number: '数字',
    integer: '整数',
    boolean: '填“是”或“否”',
    date: '日期，如 2025-03-18',
    choice: '从下拉列表中选择',
  },
  'en-US': {
    text: 'Text',
    number: 'A number',
    integer: 'A whole number',
    boolean: 'Yes or no (是 / 否)',
    date: 'A date such as 2025-03-18',
    choice: 'Choose from the drop-down list',
  },
};

function heading(column: ImportColumn, locale: Locale): string {
  const title = locale === 'en-US' ? (column.titleEn ?? column.title) : column.title;
  return column.required ? `*${title}` : title;
}

/** The example row's value: the schema's own example (JSON Schema `examples`), else one made from the rule. */
function exampleValue(column: ImportColumn, node: JsonSchema | undefined, labels: string[]): OutCell {
  const examples = node?.['examples'];
  if (Array.isArray(examples) && examples.length > 0) {
    const example: unknown = examples[0];
    if (typeof example === 'string' || typeof example === 'number' || typeof example === 'boolean')
      return column.kind === 'boolean' ? (example === true ? '是' : '否') : example;
  }
  if (column.kind === 'choice') return labels[0];
  if (column.kind === 'date') return '2025-03-18';
  if (column.kind === 'number' || column.kind === 'integer') return typeof node?.minimum === 'number' ? node.minimum : 1;
  if (column.kind === 'boolean') return '是';
  return column.title;
}

/**
 * The import template of a resource: a sheet to fill in, with the record's columns (required ones
 * marked *), each heading's note saying what goes in it and a drop-down list for a choice, and a
 * second sheet with an example row. The import reads the first sheet.
 */
export async function importTemplate(app: FastifyInstance, resource: CompiledResource, locale: Locale): Promise<Buffer> {
  const columns = importColumns(resource.record);
  const labels = new Map<string, string[]>();
  for (const column of columns) {
    if (column.kind !== 'choice') continue;
    if (column.dict === undefined)
      labels.set(
        column.field,
        column.options.map((option) => option.label),
      );
    else
      labels.set(
        column.field,
        // A retired item is not offered (ADR 0046); an import still reads its label (check-import-sheet.ts).
        offeredItems(await findDictItems(app.database.db, column.dict)).map((item) =>
          locale === 'en-US' ? (item.dictValueEn ?? item.dictValue) : item.dictValue,
        ),
      );
  }
  const choices = new Map<number, string[]>();
  columns.forEach((column, index) => {
    const options = labels.get(column.field);
    if (options) choices.set(index, options);
  });
  const heads = columns.map((column) => {
    const node = resource.record.properties?.[column.field];
    const description = locale === 'en-US' ? node?.['x-locale']?.['en-US']?.description : node?.description;
    const hint = [
      column.required ? (locale === 'en-US' ? 'Required' : '必填') : locale === 'en-US' ? 'Optional' : '选填',
      KIND_HINTS[locale][column.kind],
      description,
    ]
      .filter(Boolean)
      .join(locale === 'en-US' ? '; ' : '；');
    return { title: heading(column, locale), note: hint };
  });
  const example = columns.map((column) => exampleValue(column, resource.record.properties?.[column.field], labels.get(column.field) ?? []));
  const sheets: OutSheet[] = [
    { name: locale === 'en-US' ? 'Data' : '导入数据', columns: heads, rows: [], choices },
    { name: locale === 'en-US' ? 'Example' : '填写示例', columns: heads, rows: [example] },
  ];
  return writeWorkbook(sheets);
}
