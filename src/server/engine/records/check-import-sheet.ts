import type { FastifyInstance } from 'fastify';
import type { ImportReport } from '../../../shared/generated/import-report';
import type { Locale } from '../../../shared/i18n/locale';
import { validationMessage } from '../../../shared/i18n/validation-message';
import {
  cellValue,
  columnLetter,
  columnOfHeading,
  importColumns,
  type ChoiceOptions,
  type ImportColumn,
} from '../../../shared/resource/import-columns';
import { publicStates } from '../../../shared/resource/workflow-rules';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import { schemaAtPath } from '../../../shared/schema/schema-at-path';
import { toFieldErrors } from '../../../shared/schema/to-field-errors';
import { AppError } from '../../lib/app-error';
import { findDictItems } from '../../services/dict/dict-store';
import type { SheetContent } from '../../services/excel/read-first-sheet';
import { outsideJurisdictionMessage, withinJurisdiction } from './jurisdiction';
import { personalDigest, personalKindOf } from './personal-digest';
import { takenValues } from './record-store';
import type { CompiledResource } from '../units/resource-registry';

type RowError = ImportReport['errors'][number];

/** The report lists this many errors; errorCount counts them all. */
export const REPORTED_ERRORS = 1000;

/** Each choice column's accepted spellings: a dictionary's keys and labels, or an enum's values and labels. */
async function choicesOf(app: FastifyInstance, columns: readonly ImportColumn[]): Promise<Map<string, ChoiceOptions>> {
  const choices = new Map<string, ChoiceOptions>();
  for (const column of columns) {
    if (column.kind !== 'choice') continue;
    if (column.dict !== undefined) {
      const items = await findDictItems(app.database.db, column.dict);
      choices.set(
        column.field,
        items.map((item) => ({ value: item.dictKey, labels: [item.dictValue, ...(item.dictValueEn ? [item.dictValueEn] : [])] })),
      );
    } else
      choices.set(
        column.field,
        column.options.map((option) => ({ value: option.value, labels: [option.label] })),
      );
  }
  return choices;
}

function choiceMessage(choices: ChoiceOptions, locale: Locale): string {
  const labels = choices.map((choice) =>
    locale === 'en-US' ? (choice.labels[1] ?? choice.labels[0] ?? choice.value) : (choice.labels[0] ?? choice.value),
  );
  return locale === 'en-US' ? `Not one of the options; enter one of: ${labels.join(', ')}` : `不是可选的值，请填写：${labels.join('、')}`;
}

function duplicateMessage(firstRow: number, locale: Locale): string {
  return locale === 'en-US' ? `The same value as row ${firstRow}` : `与第 ${firstRow} 行重复`;
}

/**
 * Checks every row of a sheet against the resource's record schema, the same one as its form (SECURITY
 * R25): each cell becomes the field's value, then ajv, the dictionaries and x-unique (within the file
 * and against the stored records) and, for a unit's officer, the jurisdiction, each error on its row and column. Nothing is written. Returns the
 * report and, when there is no error, the records to store.
 */
export async function checkImportSheet(
  app: FastifyInstance,
  resource: CompiledResource,
  sheet: SheetContent,
  locale: Locale,
  jurisdiction: ReadonlySet<string> | null = null,
): Promise<{ report: Omit<ImportReport, 'sha256' | 'repeated'>; records: Record<string, unknown>[] }> {
  const columns = importColumns(resource.record);
  const headings = sheet.header.cells.map((heading) => (heading.trim() === '' ? undefined : columnOfHeading(columns, heading)));
  const ignoredColumns = sheet.header.cells.filter((heading, index) => heading.trim() !== '' && headings[index] === undefined);
  const missing = columns.filter((column) => column.required && !headings.includes(column));
  if (missing.length > 0) {
    const titles = missing.map((column) => (locale === 'en-US' ? (column.titleEn ?? column.title) : column.title));
    throw new AppError(400, 'xlsxMissingColumns', {
      msg:
        locale === 'en-US'
          ? `Required columns are missing: ${titles.join(', ')}; use the import template`
          : `缺少必填列：${titles.join('、')}，请使用导入模板`,
    });
  }
  if (sheet.rows.length === 0) throw new AppError(400, 'xlsxNoRows');
  const choices = await choicesOf(app, columns);
  const letters = new Map<string, string>();
  headings.forEach((column, index) => {
    if (column && !letters.has(column.field)) letters.set(column.field, columnLetter(index));
  });
  const errors: RowError[] = [];
  let errorCount = 0;
  const add = (row: number, path: string, message: string): void => {
    errorCount += 1;
    if (errors.length >= REPORTED_ERRORS) return;
    const field = path.split('.')[0] ?? path;
    const column = columns.find((candidate) => candidate.field === field);
    errors.push({
      row,
      column: letters.get(field) ?? null,
      title: column ? (locale === 'en-US' ? (column.titleEn ?? column.title) : column.title) : null,
      field,
      message,
    });
  };
  const records: Record<string, unknown>[] = [];
  const failed = new Set<number>();
  const uniqueSeen = new Map<string, Map<string, number>>(resource.uniqueFields.map((field) => [field, new Map()]));
  const uniqueRows: { field: string; value: string; row: number }[] = [];
  for (const [rowNumber, cells] of sheet.rows) {
    const input: Record<string, unknown> = {};
    headings.forEach((column, index) => {
      if (!column || Object.hasOwn(input, column.field)) return;
      const value = cellValue(column, cells[index] ?? null, choices.get(column.field) ?? []);
      if (value !== undefined) input[column.field] = value;
    });
    const data = pruneEmpty(input) as Record<string, unknown>;
    const rowErrors = resource.validate(data) ? [] : toFieldErrors(resource.validate.errors, resource.record, locale);
    const flagged = new Set(rowErrors.map((error) => error.path));
    for (const column of columns) {
      const value = data[column.field];
      const options = choices.get(column.field);
      if (column.dict === undefined || options === undefined || typeof value !== 'string' || flagged.has(column.field)) continue;
      if (!options.some((option) => option.value === value))
        rowErrors.push({ path: column.field, keyword: 'x-dict', params: {}, message: choiceMessage(options, locale) });
    }
    // A unit's officer imports the records of their own units only.
    const unitField = resource.resource.jurisdiction?.field;
    if (jurisdiction !== null && unitField !== undefined && !flagged.has(unitField) && !withinJurisdiction(resource, jurisdiction, data)) {
      rowErrors.push({ path: unitField, keyword: 'jurisdiction', params: {}, message: outsideJurisdictionMessage(jurisdiction, locale) });
    }
    for (const field of resource.uniqueFields) {
      const value = data[field];
      if (typeof value !== 'string' || flagged.has(field)) continue;
      const seen = uniqueSeen.get(field);
      const first = seen?.get(value.trim());
      if (first !== undefined) rowErrors.push({ path: field, keyword: 'x-unique', params: {}, message: duplicateMessage(first, locale) });
      else {
        seen?.set(value.trim(), rowNumber);
        uniqueRows.push({ field, value: value.trim(), row: rowNumber });
      }
    }
    for (const error of rowErrors) add(rowNumber, error.path, error.message);
    if (rowErrors.length > 0) failed.add(rowNumber);
    records.push(data);
  }
  // x-unique against the records others can see, one query per field.
  for (const field of resource.uniqueFields) {
    const rows = uniqueRows.filter((entry) => entry.field === field);
    const taken = await takenValues(app.database.db, {
      resource: resource.name,
      field,
      values: rows.map((entry) => entry.value),
      states: publicStates(resource.workflow),
      // A personal field's values are held sealed: the sheet's values are matched by their blind indexes (ADR 0070).
      digestOf:
        personalKindOf(resource, field) === undefined
          ? undefined
          : (value) => personalDigest(app.database.db, resource, field, value) ?? '',
    });
    for (const entry of rows.filter((candidate) => taken.has(candidate.value))) {
      add(entry.row, field, validationMessage('unique', {}, schemaAtPath(resource.record, field), locale));
      failed.add(entry.row);
    }
  }
  errors.sort(
    (a, b) => a.row - b.row || (a.column ?? '').length - (b.column ?? '').length || (a.column ?? '').localeCompare(b.column ?? ''),
  );
  const total = sheet.rows.length;
  return { report: { total, valid: total - failed.size, errorCount, errors, ignoredColumns }, records: errorCount === 0 ? records : [] };
}
