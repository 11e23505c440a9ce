import { Descriptions, Table } from 'antd';
import type { FileRef } from '../../shared/generated/file-ref';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import { localizedTitle } from '../../shared/i18n/localized-title';
import type { Locale } from '../../shared/i18n/locale';
import { columnKind } from '../../shared/resource/list-fields';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { SafeHtml } from '../components/safe-html';
import type { DictOptions } from './dict-option';
import { FileList } from './file-list';
import type { RecordValueProps } from './record-value-props';
import { scalarRecordValue } from './scalar-record-value';

export type { RecordValueProps } from './record-value-props';

/**
 * One value of a record as people read it: a dictionary or enum label, a state tag, a Beijing time, rows as a
 * table and a group as its fields (issue 30: never raw JSON). Text only (SECURITY R22), except a rich text
 * field (x-component RichText), whose HTML goes through SafeHtml.
 */
export function RecordValue(props: RecordValueProps) {
  const scalar = scalarRecordValue(props);
  if (scalar !== undefined) return <>{scalar}</>;
  const { kind, value, node, dictOptions, workflow, locale } = props;
  if (kind === 'files') return <FileList files={value as FileRef[]} />;
  if (typeof value === 'string') return <SafeHtml html={value} />;
  if (Array.isArray(value)) return <ArrayValue value={value} node={node} dictOptions={dictOptions} workflow={workflow} locale={locale} />;
  return <ObjectValue value={value as Record<string, unknown>} node={node} dictOptions={dictOptions} workflow={workflow} locale={locale} />;
}

interface NestedProps {
  node: JsonSchema | undefined;
  dictOptions: DictOptions;
  workflow: WorkflowFile;
  locale: Locale;
}

/** The node every item of a list field follows (a tuple's item nodes are not part of the vocabulary). */
const itemsOf = (node: JsonSchema | undefined): JsonSchema | undefined => (Array.isArray(node?.items) ? undefined : node?.items);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of an object node in the order authors gave them (x-order), captchas left out; where the
 * schema says nothing (an old record, a field since removed), the keys the values carry.
 */
function fieldsOf(node: JsonSchema | undefined, values: readonly Record<string, unknown>[]): [string, JsonSchema | undefined][] {
  const declared = Object.entries(node?.properties ?? {})
    .filter(([, child]) => child['x-component'] !== 'Captcha')
    .sort(([, a], [, b]) => (a['x-order'] ?? 0) - (b['x-order'] ?? 0));
  if (declared.length > 0) return declared;
  return [...new Set(values.flatMap((value) => Object.keys(value)))].map((key) => [key, undefined]);
}

/** One value inside a table row or a group: the same reading as a top-level field. */
function Cell({ field, value, child, props }: { field: string; value: unknown; child: JsonSchema | undefined; props: NestedProps }) {
  return (
    <RecordValue
      kind={columnKind(field, child)}
      value={value}
      node={child}
      dictOptions={props.dictOptions}
      workflow={props.workflow}
      locale={props.locale}
    />
  );
}

/** Rows of a table field (guests, team members): a table with the columns' titles, each cell read as a person reads it. */
function RowsTable({ rows, props }: { rows: readonly Record<string, unknown>[]; props: NestedProps }) {
  const fields = fieldsOf(itemsOf(props.node), rows);
  return (
    <Table<{ key: number; row: Record<string, unknown> }>
      className="kc-record-rows"
      size="small"
      bordered
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows.map((row, key) => ({ key, row }))}
      columns={fields.map(([field, child]) => ({
        key: field,
        title: localizedTitle(child, props.locale) ?? field,
        render: (_: unknown, { row }: { row: Record<string, unknown> }) => (
          <Cell field={field} value={row[field]} child={child} props={props} />
        ),
      }))}
    />
  );
}

/** A group of fields (an object field): its fields with their titles. */
function ObjectValue({ value, ...props }: NestedProps & { value: Record<string, unknown> }) {
  return (
    <Descriptions size="small" column={1} className="kc-record-group">
      {fieldsOf(props.node, [value]).map(([field, child]) => (
        <Descriptions.Item key={field} label={localizedTitle(child, props.locale) ?? field}>
          <Cell field={field} value={value[field]} child={child} props={props} />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * A list value: rows of objects as a table; a date range as "from ~ to"; other items (dictionary codes, tags)
 * each read as a person reads it, one after another.
 */
function ArrayValue({ value, ...props }: NestedProps & { value: readonly unknown[] }) {
  if (value.length === 0) return <>-</>;
  if (value.every(isPlainObject)) return <RowsTable rows={value} props={props} />;
  const items = itemsOf(props.node);
  const separator = props.node?.['x-component']?.includes('RangePicker') ? ' ~ ' : props.locale === 'zh-CN' ? '、' : ', ';
  return (
    <>
      {value.map((item, index) => (
        <span key={index}>
          {index > 0 && separator}
          {isPlainObject(item) ? (
            <ObjectValue value={item} {...props} node={items} />
          ) : (
            <Cell field="" value={item} child={items} props={props} />
          )}
        </span>
      ))}
    </>
  );
}
