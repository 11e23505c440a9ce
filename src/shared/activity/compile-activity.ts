import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { ActivityDefinition } from './activity-definition';

/** An activity with each step's schema compiled once. */
export interface CompiledActivity {
  definition: ActivityDefinition;
  validators: ReadonlyMap<string, ValidateFunction>;
}

/**
 * Compiles every step of an activity with the given ajv (the shared createAjv: strict, the x-*
 * vocabulary, our formats). Throws, naming the step file, when a step does not compile.
 */
export function compileActivity(ajv: Ajv, definition: ActivityDefinition): CompiledActivity {
  const validators = new Map<string, ValidateFunction>();
  for (const step of definition.steps) {
    try {
      // An edited folder reloaded into the same ajv must not clash with its previous $id.
      if (step.schema.$id) ajv.removeSchema(step.schema.$id);
      validators.set(step.key, ajv.compile(step.schema));
    } catch (error) {
      throw new Error(`activities/${definition.id}/${step.file}: ${(error as Error).message}`, { cause: error });
    }
  }
  return { definition, validators };
}
