import type { ISchema } from '@formily/react';
import { useEffect, useMemo, useState } from 'react';
import { lookupComponent } from './component-registry';
import { loadSchemaComponents } from './load-schema-components';
import { schemaComponentNames } from './schema-component-names';

/**
 * True once every widget the compiled schema names is in the component registry, so SchemaField
 * may render it; false while there is no schema yet or a widget's chunk is on its way. Widgets
 * loaded before answer true at once (no spinner flash). A chunk that fails or times out, or a name
 * the registry cannot resolve, is thrown from here to the nearest error boundary.
 */
export function useSchemaComponents(compiled: ISchema | undefined): boolean {
  const names = useMemo(() => (compiled ? [...schemaComponentNames(compiled).keys()] : undefined), [compiled]);
  const ready = names !== undefined && names.every((name) => lookupComponent(name) !== undefined);
  const [failure, setFailure] = useState<{ compiled: ISchema; error: unknown }>();
  // The registry is not React state: a finished load re-renders through this counter.
  const [, setLoads] = useState(0);

  useEffect(() => {
    if (!compiled || ready) return;
    let current = true;
    loadSchemaComponents(compiled).then(
      () => {
        if (current) setLoads((count) => count + 1);
      },
      (error: unknown) => {
        if (current) setFailure({ compiled, error });
      },
    );
    return () => {
      current = false;
    };
  }, [compiled, ready]);

  if (failure && failure.compiled === compiled) throw failure.error;
  return ready;
}
