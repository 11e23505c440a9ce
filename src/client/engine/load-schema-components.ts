import type { ISchema } from '@formily/react';
import { UnknownComponentError } from '../../shared/schema/component-names';
import { isRegisteredComponent, loadComponent, lookupComponent } from './component-registry';
import { schemaComponentNames } from './schema-component-names';

/**
 * Loads every widget a compiled schema names into the component registry, in parallel. Rejects
 * with UnknownComponentError for a name the registry cannot resolve (a typo in a dotted name would
 * otherwise render as an empty DOM element), or with a ChunkLoadError when a widget's chunk fails.
 */
export async function loadSchemaComponents(compiled: ISchema): Promise<void> {
  const names = schemaComponentNames(compiled);
  const topLevel = new Map<string, string>();
  for (const [name, path] of names) {
    const top = name.split('.')[0] ?? name;
    if (!isRegisteredComponent(top)) throw new UnknownComponentError(path, name);
    if (!topLevel.has(top)) topLevel.set(top, path);
  }
  await Promise.all([...topLevel.keys()].map(loadComponent));
  for (const [name, path] of names) if (lookupComponent(name) === undefined) throw new UnknownComponentError(path, name);
}
