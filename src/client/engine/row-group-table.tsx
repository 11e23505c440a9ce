import { ArrayBase } from '@formily/antd-v5/esm/array-base';
import { ArrayTable } from '@formily/antd-v5/esm/array-table';
import type { ArrayField } from '@formily/core';
import { observer, RecursionField, useField, useFieldSchema, type Schema } from '@formily/react';
import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { startTransition, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { FormBlockContext } from './form-block-context';

/** Rows per group: about a screen of a table, some fifty controls, mounted in one commit of well under 50 ms. */
export const ROW_GROUP = 5;

interface RowKey {
  index: number;
}

const isColumn = (schema: Schema): boolean => String(schema['x-component'] ?? '').includes('Column');
const isAddition = (schema: Schema): boolean => String(schema['x-component'] ?? '').includes('Addition');

/** The column nodes of the table's item schema, in x-index order, with their keys. */
function columnsOf(schema: Schema): Array<{ key: string; column: Schema }> {
  const items = schema.items;
  if (!items || Array.isArray(items)) return [];
  return items.mapProperties((column, key) => ({ key: String(key), column })).filter(({ column }) => isColumn(column));
}

/**
 * A long table of a form (more than ROW_GROUP rows when it mounts), drawn as Formily's ArrayTable
 * draws it (antd's bordered small Table, a row per item, ArrayBase's Index, Remove and Addition), but
 * filled a group of rows at a time: the first group with the table, each next one as a transition
 * after the last has committed. A 50-row table is then five commits of about fifty controls instead of
 * one task of some 0.7 s that froze the scroll (issue 33). Every row is mounted within a few frames,
 * so the keyboard order, Formily's validation and the jumps to a cell work as for any table; until
 * then the long form's window counts the table's block as not mounted (it holds the block's commit),
 * so its verdict judges the rows not there yet. A block someone waits for (a jump, printing) fills at
 * once.
 */
const GroupedTable = observer(function GroupedTable(props: TableProps<RowKey>) {
  const field = useField<ArrayField>();
  const schema = useFieldSchema();
  const place = useContext(FormBlockContext);
  const rows = Array.isArray(field.value) ? field.value.length : 0;
  const [filled, setFilled] = useState(() => (place?.formWindow.isUrgent(place.index) ? Number.POSITIVE_INFINITY : ROW_GROUP));
  const done = filled >= rows;

  // The block's commit waits for the last group (child layout effects run before the block's own effect).
  const [release] = useState(() => ({ current: undefined as (() => void) | undefined }));
  useLayoutEffect(() => {
    if (!place || done) return undefined;
    release.current = place.formWindow.holdBlock(place.index);
    return () => {
      release.current?.();
      release.current = undefined;
    };
    // Held once, from the first commit to the last group's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place]);
  // Asked for at once while filling (a jump to one of its rows, printing): the rest of the rows now.
  useEffect(() => {
    if (!place || done) return undefined;
    const hurry = (): void => {
      if (place.formWindow.isUrgent(place.index)) setFilled(Number.POSITIVE_INFINITY);
    };
    return place.formWindow.subscribeMounts(hurry);
  }, [place, done]);
  useEffect(() => {
    if (done) {
      release.current?.();
      release.current = undefined;
      return;
    }
    startTransition(() => setFilled((count) => count + ROW_GROUP));
  }, [done, filled, release]);

  const keys = useMemo(() => Array.from({ length: rows }, (_, index): RowKey => ({ index })), [rows]);
  const columns = useMemo(
    (): Array<ColumnType<RowKey>> =>
      columnsOf(schema)
        .filter(({ column }) => column['x-display'] !== 'hidden' && column['x-display'] !== 'none')
        .map(({ key, column }) => {
          const columnProps = (column['x-component-props'] ?? {}) as ColumnType<RowKey>;
          return {
            ...columnProps,
            key,
            dataIndex: columnProps.dataIndex ?? key,
            // A row's cells render once: the next group's commit must not walk the rows above it again
            // (a row's key object changes only when the rows do).
            shouldCellUpdate: (record: RowKey, previous: RowKey) => record !== previous,
            render: (_: unknown, { index }: RowKey): ReactNode => (
              <ArrayBase.Item index={index} record={() => (field.value as unknown[] | undefined)?.[index] ?? {}}>
                <RecursionField schema={column} name={index} onlyRenderProperties />
              </ArrayBase.Item>
            ),
          };
        }),
    [schema, field],
  );
  const addition = schema.reduceProperties<ReactNode, ReactNode>(
    (found, child, key) => (isAddition(child) ? <RecursionField schema={child} name={key} /> : found),
    null,
  );
  return (
    <div className="kc-row-group-table" data-kc-rows={rows} data-kc-filled={done ? rows : filled}>
      <ArrayBase>
        <Table<RowKey>
          size="small"
          bordered
          {...props}
          rowKey="index"
          pagination={false}
          columns={columns}
          dataSource={done ? keys : keys.slice(0, filled)}
        />
        <div style={{ marginTop: 5, marginBottom: 5 }} />
        {columnsOf(schema).map(({ key, column }) => (
          <RecursionField key={key} name={key} schema={column} onlyRenderSelf />
        ))}
        {addition}
      </ArrayBase>
    </div>
  );
});

/**
 * The engine's table widget (`ArrayTable` in schemas): Formily's ArrayTable for a table of up to
 * ROW_GROUP rows when it mounts, GroupedTable for a longer one. The choice is made once, so adding a
 * row never swaps the widget under the cursor.
 */
const RowGroupTableView = observer(function RowGroupTable(props: TableProps<RowKey>) {
  const field = useField<ArrayField>();
  const [grouped] = useState(() => Array.isArray(field.value) && field.value.length > ROW_GROUP);
  return grouped ? <GroupedTable {...props} /> : <ArrayTable {...(props as TableProps<unknown>)} />;
});

/**
 * ArrayTable's members (Column, Index, Remove, Addition, useArray…) stay reachable as `ArrayTable.X`.
 * Only those: ArrayTable is a memo object, and its own `type` copied over would swap the component.
 */
const members = Object.fromEntries(Object.entries(ArrayTable).filter(([name]) => /^(?:[A-Z]|use)/.test(name)));
export const RowGroupTable = Object.assign(RowGroupTableView, members as Omit<typeof ArrayTable, keyof typeof RowGroupTableView>);
