import type { JsonSchema } from '../schema/json-schema';

/** How a spreadsheet cell becomes a record value. */
export type ImportKind = 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'choice';

/** One column of an import sheet: a top-level field a person can type into a cell. */
export interface ImportColumn {
  field: string;
  title: string;
  titleEn: string | undefined;
  kind: ImportKind;
  required: boolean;
  /** The dictionary whose keys or labels the cell may hold (kind choice). */
  dict: string | undefined;
  /** A choice field's fixed values and their labels (enum with x-enum-labels). */
  options: { value: string; label: string }[];
  /** A hint for the template: the format or the rule in words. */
  format: string | undefined;
}

/** A choice's accepted spellings: its key and its label, each in either language. */
export type ChoiceOptions = { value: string; labels: string[] }[];

const NOT_IMPORTED = new Set(['Upload', 'Captcha', 'ArrayTable', 'ArrayItems']);

function kindOf(node: JsonSchema): ImportKind | undefined {
  if (node['x-dict'] !== undefined || Array.isArray(node.enum))
    return node.type === 'string' || node.type === undefined ? 'choice' : undefined;
  if (node.type === 'string') return node.format === 'date' ? 'date' : 'text';
  if (node.type === 'number' || node.type === 'integer' || node.type === 'boolean') return node.type;
  return undefined;
}

/**
 * The columns of a record's import sheet, in the form's order: every top-level text, number, date,
 * yes/no and single choice. Files, captchas, tables and nested groups cannot be typed into one
 * cell, so they are left out (a record that requires one cannot be imported, and says so per row).
 */
export function importColumns(record: JsonSchema): ImportColumn[] {
  const required = new Set(record.required ?? []);
  return Object.entries(record.properties ?? {})
    .filter(([, node]) => !NOT_IMPORTED.has(node['x-component'] ?? '') && node.readOnly !== true)
    .sort(([, a], [, b]) => (a['x-order'] ?? Number.MAX_SAFE_INTEGER) - (b['x-order'] ?? Number.MAX_SAFE_INTEGER))
    .flatMap(([field, node]) => {
      const kind = kindOf(node);
      if (kind === undefined) return [];
      const labels = node['x-enum-labels'] ?? [];
      const options = (node.enum ?? []).map((value, index) => ({ value: String(value), label: labels[index] ?? String(value) }));
      return [
        {
          field,
          title: node.title ?? field,
          titleEn: node['x-locale']?.['en-US']?.title,
          kind,
          required: required.has(field),
          dict: node['x-dict'],
          options,
          format: node.format,
        },
      ];
    });
}

/** A column's cell heading as the template writes it and the import reads it: the field's title. */
export function columnOfHeading(columns: readonly ImportColumn[], heading: string): ImportColumn | undefined {
  const text = heading.replace(/^\*/, '').trim();
  return columns.find((column) => column.title === text || column.titleEn === text || column.field === text);
}

/** Excel's column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A cell's date as YYYY-MM-DD. Excel dates carry no zone: the reader gives them as UTC midnight. */
function dateText(value: Date): string {
  return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

const TRUE_WORDS = new Set(['是', 'true', 'yes', 'y', '1', '√']);
const FALSE_WORDS = new Set(['否', 'false', 'no', 'n', '0', '×']);

/**
 * A cell's value for the record, or undefined for an empty cell. A value of the wrong kind is kept
 * as the text typed, so the record schema (the same one as the form's) reports it on the field;
 * a choice accepts the key or the label, and an unknown one stays as typed for the dictionary check.
 */
export function cellValue(column: ImportColumn, cell: unknown, choices: ChoiceOptions): unknown {
  if (cell === null || cell === undefined) return undefined;
  if (cell instanceof Date) return column.kind === 'date' || column.kind === 'text' ? dateText(cell) : cell.toISOString();
  const text = String(cell).trim();
  if (text === '') return undefined;
  if (column.kind === 'number' || column.kind === 'integer') {
    if (typeof cell === 'number') return cell;
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  if (column.kind === 'boolean') {
    if (typeof cell === 'boolean') return cell;
    const word = text.toLowerCase();
    return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : text;
  }
  if (column.kind === 'date') {
    const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
    return match ? `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}` : text;
  }
  if (column.kind === 'choice') return choices.find((choice) => choice.value === text || choice.labels.includes(text))?.value ?? text;
  return text;
}
