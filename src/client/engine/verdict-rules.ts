/**
 * The field rules the engine builds from a schema (field-rules.ts): the client's verdict
 * (validateValues) judges exactly what they judge, with the same messages, so a long form can let the
 * verdict judge its fields instead of running them one by one through Formily (validate-form.ts).
 *
 * Formily copies a rule's description object (parseValidatorDescription), so the mark is on the
 * validator function, which it keeps.
 */
const marked = new WeakSet<object>();

/** Marks a validator function as one of the verdict's own rules. */
export function markVerdictRule<T extends object>(validator: T): T {
  marked.add(validator);
  return validator;
}

const REQUIRED_KEYS = new Set(['required', 'message', 'triggerType']);
const RULE_KEYS = new Set(['validator', 'message', 'triggerType']);

const only = (description: object, keys: ReadonlySet<string>): boolean => Object.keys(description).every((key) => keys.has(key));

/**
 * Whether every rule of a Formily field's validator is one the verdict applies: the engine's own
 * rules, and `required` (the verdict judges requiredness, conditional or not). Anything else (a
 * format name, a host's own function, the step form's uniqueness check) is Formily's to judge.
 */
export function verdictCoversRules(validator: unknown): boolean {
  const descriptions: unknown[] = Array.isArray(validator) ? validator : validator === undefined || validator === null ? [] : [validator];
  return descriptions.every((description) => {
    if (typeof description === 'function') return marked.has(description);
    if (typeof description !== 'object' || description === null) return false;
    if (only(description, REQUIRED_KEYS)) return true;
    const own = (description as { validator?: unknown }).validator;
    return typeof own === 'function' && marked.has(own) && only(description, RULE_KEYS);
  });
}
