import type { ISchema } from '@formily/react';
import type { JsonSchema } from '../../../shared/schema/json-schema';

/** Resolves to true when another application of the activity already uses `value` for `field`. */
export type UniqueCheck = (field: string, value: string) => Promise<boolean>;

/**
 * Adds an on-blur check to every `x-unique` field at the step's top level (ADR 0004): the applicant
 * learns that a name is taken while still on the field, not only when the submit is refused. A
 * failed check (network, server) blocks nothing; the server checks again at submit.
 */
export function withUniqueChecks(compiled: ISchema, canonical: JsonSchema, check: UniqueCheck, takenMessage: string): ISchema {
  const properties = compiled.properties;
  if (!properties || typeof properties !== 'object') return compiled;
  const next: Record<string, ISchema> = { ...(properties as Record<string, ISchema>) };
  for (const [name, node] of Object.entries(canonical.properties ?? {})) {
    const field = next[name];
    if (node['x-unique'] !== true || !field) continue;
    const own = field['x-validator'];
    const existing: unknown[] = own === undefined ? [] : Array.isArray(own) ? own : [own];
    const unique = {
      triggerType: 'onBlur' as const,
      validator: async (value: unknown): Promise<string> => {
        if (typeof value !== 'string' || value.trim() === '') return '';
        try {
          return (await check(name, value)) ? takenMessage : '';
        } catch {
          return '';
        }
      },
    };
    next[name] = { ...field, 'x-validator': [...existing, unique] as ISchema['x-validator'] };
  }
  return { ...compiled, properties: next };
}
