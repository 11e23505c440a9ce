import useArrayBaseStyle from '@formily/antd-v5/esm/array-base/style';
import type { ISchema } from '@formily/react';
import { ConfigProvider } from 'antd';
import useTableStyle from 'antd/es/table/style';
import { useContext } from 'react';

/** Whether a compiled schema holds a table (the engine's ArrayTable) anywhere. */
export function holdsTable(schema: ISchema): boolean {
  if (schema['x-component'] === 'ArrayTable') return true;
  const children = [
    ...Object.values(schema.properties ?? {}),
    ...(Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []),
  ];
  return children.some((child) => typeof child === 'object' && child !== null && holdsTable(child as ISchema));
}

/**
 * Registers the styles of a long form's table (antd's Table, Formily's ArrayBase) with the form's
 * first block, while the page holds a screen of fields. antd writes a component's styles into a new
 * <style> the first time one of its kind renders, and the browser then recomputes the style of the
 * whole document: done when the table's block mounts, after scrolling, that was one task of 90–150 ms
 * over some 25,000 nodes (issue 33). Renders nothing.
 */
export function TableStylePrimer() {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  useTableStyle(getPrefixCls('table'));
  useArrayBaseStyle(getPrefixCls('formily-array-base'));
  return null;
}
