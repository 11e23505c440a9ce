import useArrayBaseStyle from '@formily/antd-v5/esm/array-base/style';
import type { ISchema } from '@formily/react';
import { ConfigProvider } from 'antd';
import useAlertStyle from 'antd/es/alert/style';
import useTableStyle from 'antd/es/table/style';
import { useContext } from 'react';

/** Whether a compiled schema holds a table (the engine's ArrayTable) anywhere. */
export function holdsTable(schema: ISchema): boolean {
  if (schema['x-component'] === 'ArrayTable') return true;
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  const children = [...Object.values(schema.properties ?? {}), ...items];
  return children.some((child) => typeof child === 'object' && child !== null && holdsTable(child as ISchema));
}

function TableStyles() {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  useTableStyle(getPrefixCls('table'));
  useArrayBaseStyle(getPrefixCls('formily-array-base'));
  return null;
}

/**
 * Registers, with a long form's first block, the styles of the kinds it draws only later: the error
 * summary's Alert (at the first refused submit) and, when the form has one, its table (antd's Table,
 * Formily's ArrayBase). antd writes a kind's styles into a new <style> the first time one renders, and
 * the browser then restyles the whole document: with every block mounted that is some 25,000 nodes, a
 * task of 90–150 ms when the table's block mounted after scrolling, and about 110 ms of a submit's
 * task when the summary first appeared (issue 33; seen in traces, tests/bench/form-engine/trace.ts).
 * Now it happens while the page holds a screen of fields. Renders nothing.
 */
export function LongFormStylePrimer({ table }: { table: boolean }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  useAlertStyle(getPrefixCls('alert'));
  return table ? <TableStyles /> : null;
}
