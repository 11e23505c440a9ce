import type { ResourceListFile } from '../generated/resource-list-file';
import type { WorkflowFile } from '../generated/workflow-file';
import type { Locale } from '../i18n/locale';
import { localizedTitle } from '../i18n/localized-title';
import type { JsonSchema } from '../schema/json-schema';
import { isSystemField, type SystemField } from './resource-definition';

const SYSTEM_TITLES: Record<Locale, Record<SystemField, string>> = {
  'zh-CN': { status: '状态', createdAt: '创建时间', updatedAt: '更新时间', ownerName: '提交人' },
  'en-US': { status: 'Status', createdAt: 'Created', updatedAt: 'Updated', ownerName: 'Submitted by' },
};

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** How a column's value shows: a dictionary label, a workflow state tag, a time, or the value itself. */
export type ColumnKind = 'text' | 'dict' | 'enum' | 'boolean' | 'status' | 'dateTime' | 'files';

export interface ListColumn {
  field: string;
  title: string;
  kind: ColumnKind;
  /** The dictionary code of a `dict` column. */
  dict?: string;
  width?: number;
  link: boolean;
  sortable: boolean;
}

/**
 * `equals` matches the value exactly (a select); `contains` finds the text anywhere (an input);
 * `month` keeps a date within a month (YYYY-MM); `period` compares an end date with today (on: not
 * yet passed or none; end: passed).
 */
export type FilterMatch = 'equals' | 'contains' | 'month' | 'period';

/** The values of a period filter. */
export const PERIOD_VALUES = ['on', 'end'] as const;
const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

export interface ListFilter {
  field: string;
  title: string;
  match: FilterMatch;
  /** The JSON type the request carries for this filter. */
  type: 'string' | 'number' | 'integer' | 'boolean';
  dict?: string;
  /** The allowed values of an enum (or the workflow's states for `status`). */
  options?: unknown[];
}

/** The record property a field names, if it is one. */
export function recordProperty(record: JsonSchema, field: string): JsonSchema | undefined {
  const properties = record.properties ?? {};
  return Object.hasOwn(properties, field) ? properties[field] : undefined;
}

function scalarType(node: JsonSchema): ListFilter['type'] | undefined {
  return typeof node.type === 'string' && SCALAR_TYPES.has(node.type) ? (node.type as ListFilter['type']) : undefined;
}

/** Whether a list may filter by this field: the status, or a top-level scalar property of the record. */
export function isFilterable(record: JsonSchema, field: string): boolean {
  if (field === 'status') return true;
  const node = recordProperty(record, field);
  return node !== undefined && scalarType(node) !== undefined;
}

/** Whether a list may sort by this field: a system field, or a top-level scalar property. */
export function isSortable(record: JsonSchema, field: string): boolean {
  if (isSystemField(field)) return true;
  return isFilterable(record, field);
}

/** How a field's value is shown, in a list's column or a detail's row. */
export function columnKind(field: string, node: JsonSchema | undefined): ColumnKind {
  if (field === 'status') return 'status';
  if (node?.['x-component'] === 'Upload') return 'files';
  if (field === 'createdAt' || field === 'updatedAt' || node?.format === 'date-time') return 'dateTime';
  if (node?.['x-dict']) return 'dict';
  if (node?.enum) return 'enum';
  if (node?.type === 'boolean') return 'boolean';
  return 'text';
}

/** A field's title in the locale: the record schema's title, or the built-in one of a system field. */
export function fieldTitle(record: JsonSchema, field: string, locale: Locale): string {
  if (isSystemField(field)) return SYSTEM_TITLES[locale][field];
  return localizedTitle(recordProperty(record, field), locale) ?? field;
}

/** The columns of a list file, titled from the record schema. */
export function listColumns(list: ResourceListFile, record: JsonSchema, locale: Locale): ListColumn[] {
  const sortable = new Set(list.sort?.fields ?? []);
  return list.columns.map((column) => {
    const node = recordProperty(record, column.field);
    const dict = node?.['x-dict'];
    return {
      field: column.field,
      title: fieldTitle(record, column.field, locale),
      kind: columnKind(column.field, node),
      ...(dict ? { dict } : {}),
      ...(column.width ? { width: column.width } : {}),
      link: column.link === true,
      sortable: sortable.has(column.field),
    };
  });
}

/** The filters of a list file: a select for a dictionary, enum, boolean or the status, a text search otherwise. */
export function listFilters(list: ResourceListFile, record: JsonSchema, workflow: WorkflowFile, locale: Locale): ListFilter[] {
  return (list.filters ?? []).map(({ field, match }) => {
    const title = fieldTitle(record, field, locale);
    if (match === 'period') return { field, title, match, type: 'string', options: [...PERIOD_VALUES] };
    if (match !== undefined) return { field, title, match, type: 'string' };
    if (field === 'status') return { field, title, match: 'equals', type: 'string', options: list.states ?? Object.keys(workflow.states) };
    const node = recordProperty(record, field) ?? {};
    const type = scalarType(node) ?? 'string';
    const dict = node['x-dict'];
    if (dict) return { field, title, match: 'equals', type, dict };
    if (node.enum) return { field, title, match: 'equals', type, options: node.enum };
    if (type === 'string') return { field, title, match: 'contains', type };
    return { field, title, match: 'equals', type };
  });
}

/**
 * The request body of a list: the shared page request (pageNo, pageSize up to 100, sortField from
 * the list's allowlist only, SECURITY R21) plus one optional property per filter.
 */
export function listRequestSchema(list: ResourceListFile, record: JsonSchema, workflow: WorkflowFile): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    pageNo: { type: 'integer', minimum: 1, maximum: 100000, title: '页码' },
    // A list whose own page is larger (the catalog tree's 1000) may be read in one page.
    pageSize: { type: 'integer', minimum: 1, maximum: Math.max(100, list.pageSize ?? 0), title: '每页条数' },
    sortOrder: { type: 'string', enum: ['ascend', 'descend'], title: '排序方向' },
  };
  if (list.sort) properties['sortField'] = { type: 'string', enum: [...list.sort.fields], title: '排序字段' };
  // An administrator's list may narrow to one of their units (spec queryUserByOrgId?orgId=…).
  if (list.scope === 'administered') properties['orgId'] = { type: 'string', format: 'uuid', title: '单位编号' };
  for (const filter of listFilters(list, record, workflow, 'zh-CN')) {
    const node: JsonSchema = { type: filter.type, title: filter.title };
    if (filter.match === 'contains') node.maxLength = 100;
    else if (filter.match === 'month') node.pattern = MONTH_PATTERN;
    else if (filter.options) node.enum = filter.options;
    else if (filter.type === 'string') node.maxLength = 200;
    properties[filter.field] = node;
  }
  return { type: 'object', additionalProperties: false, properties };
}
