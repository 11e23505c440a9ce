import type { ISchema } from '@formily/react';

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every component and decorator name a compiled Formily schema uses, dotted ones as written
 * ('ArrayTable.Column'), each with the path of the first node naming it. Only the keywords Formily
 * renders children from are followed, so option lists in x-component-props are never walked.
 */
export function schemaComponentNames(compiled: ISchema): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (node: unknown, path: string): void => {
    if (!isNode(node)) return;
    for (const key of ['x-decorator', 'x-component']) {
      const name = node[key];
      if (typeof name === 'string' && name !== '' && !names.has(name)) names.set(name, path || '(root)');
    }
    for (const key of ['properties', 'patternProperties']) {
      const children = node[key];
      if (isNode(children)) for (const [name, child] of Object.entries(children)) visit(child, path ? `${path}.${name}` : name);
    }
    const { items } = node;
    if (Array.isArray(items)) items.forEach((item, index) => visit(item, `${path}[${index}]`));
    else visit(items, `${path}[]`);
    visit(node['additionalItems'], `${path}[]`);
    visit(node['additionalProperties'], `${path}.*`);
  };
  visit(compiled, '');
  return names;
}
