import { primaryType, resolveComponent, UnknownComponentError, type ComponentName } from './component-names';
import type { JsonSchema } from './json-schema';

/**
 * The widgets the client loads only when a schema names them (component-registry.ts's LAZY), each with
 * the module the build's manifest names its chunk by. The server names the ones a form's first step
 * draws in the page (issue 33), so that a phone fetches them beside the form's code instead of after
 * it. A unit test keeps the names equal to the registry's lazy ones.
 */
export const LAZY_WIDGET_MODULES: Readonly<Partial<Record<ComponentName, string>>> = {
  DatePicker: '../../node_modules/@formily/antd-v5/esm/date-picker/index.js',
  NumberPicker: '../../node_modules/@formily/antd-v5/esm/number-picker/index.js',
  ArrayTable: 'engine/row-group-table.tsx',
  ArrayCards: '../../node_modules/@formily/antd-v5/esm/array-cards/index.js',
  Upload: 'engine/attachment-upload.tsx',
  RichText: 'engine/rich-text.tsx',
};

/** Every widget a record schema's fields resolve to (resolveComponent), nested objects and arrays' items included. */
export function schemaWidgets(schema: JsonSchema): Set<ComponentName> {
  const found = new Set<ComponentName>();
  const visit = (node: JsonSchema, path: string): void => {
    if (node.properties) {
      for (const [name, child] of Object.entries(node.properties)) visit(child, path ? `${path}.${name}` : name);
      return;
    }
    const items = Array.isArray(node.items) ? undefined : node.items;
    // An array of objects is rows (compile-schema.ts): ArrayCards when it says so, else ArrayTable.
    if (primaryType(node) === 'array' && items?.properties) {
      found.add(node['x-component'] === 'ArrayCards' ? 'ArrayCards' : 'ArrayTable');
      visit(items, `${path}[]`);
      return;
    }
    try {
      found.add(resolveComponent(node, path));
    } catch (error) {
      // A field the engine cannot draw is the form's own error to show; here it names no widget.
      if (!(error instanceof UnknownComponentError)) throw error;
    }
  };
  visit(schema, '');
  return found;
}

/** The modules of the lazy widgets a schema draws (LAZY_WIDGET_MODULES), each once. */
export function lazyWidgetModules(schema: JsonSchema): string[] {
  return [...schemaWidgets(schema)].flatMap((component) => {
    const module = LAZY_WIDGET_MODULES[component];
    return module ? [module] : [];
  });
}
