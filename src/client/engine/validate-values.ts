import { REFERENCED_SCHEMAS } from '../../shared/generated/referenced-schemas';
import { validationMessage } from '../../shared/i18n/validation-message';
import type { Locale } from '../../shared/i18n/locale';
import { COMPARE_KEYWORD } from '../../shared/schema/compare-rule';
import { conditionHolds, deriveConditions, fieldState, type FieldCondition } from '../../shared/schema/conditions';
import type { FieldError } from '../../shared/schema/field-error';
import { isJsonSchema, type JsonSchema } from '../../shared/schema/json-schema';
import { pruneEmpty } from '../../shared/schema/prune-empty';
import { firstErrorPerField } from '../../shared/schema/first-error-per-field';
import { cleanFormValues } from './clean-form-values';
import { compareCheck } from './compare-check';
import { nodeChecks, typeMatches, UnsupportedRuleError } from './schema-checks';

// Schemas a form may reference by $id; the same ones createAjv registers on the server.
const REFERENCED: Record<string, JsonSchema> = Object.fromEntries(REFERENCED_SCHEMAS.map((schema) => [schema.$id, schema as JsonSchema]));

// Keywords whose meaning the walk below does not reproduce. A schema using one is refused loudly,
// because a verdict that silently skips a rule would disagree with the server's ajv.
const UNSUPPORTED = [
  'anyOf',
  'oneOf',
  'not',
  'patternProperties',
  'dependencies',
  'propertyNames',
  'contains',
  'additionalItems',
  'minProperties',
  'maxProperties',
];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(node: JsonSchema, path: string): JsonSchema {
  if (node.$ref === undefined) return node;
  const target = REFERENCED[node.$ref];
  if (!target) throw new UnsupportedRuleError(path, `unknown $ref "${node.$ref}"`);
  return target;
}

/** The `then` or `else` that applies to these values, for each `if` of the object (own and in allOf). */
function activeBranches(node: JsonSchema, values: Record<string, unknown>, pointer: string): JsonSchema[] {
  const holders = [node, ...(node.allOf ?? []).filter(isJsonSchema)];
  const branches: JsonSchema[] = [];
  for (const holder of holders) {
    if (!holder.if) continue;
    // One holder has one `if`; deriving it alone pairs the condition with its own branches.
    const [condition] = deriveConditions({ if: holder.if, then: holder.then, else: holder.else }, pointer);
    const branch = condition && conditionHolds(condition, values) ? holder.then : holder.else;
    if (branch) branches.push(branch);
  }
  return branches;
}

class Verdict {
  readonly errors: FieldError[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly locale: Locale) {}

  private add(path: string[], keyword: string, params: Record<string, unknown>, node: JsonSchema | undefined, message?: string): void {
    const dotted = path.join('.');
    // One error per field and rule, like toFieldErrors on the server.
    const key = `${dotted}\u0000${keyword}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.errors.push({ path: dotted, keyword, params, message: message ?? validationMessage(keyword, params, node, this.locale) });
  }

  walk(raw: JsonSchema, value: unknown, path: string[]): void {
    const dotted = path.join('.');
    const node = resolve(raw, dotted);
    for (const keyword of UNSUPPORTED) {
      if (node[keyword] !== undefined)
        throw new UnsupportedRuleError(dotted || '(root)', `"${keyword}" is not supported by the client-side verdict`);
    }
    const typed = typeMatches(node, value);
    if (!typed) this.add(path, 'type', { type: node.type }, node);
    for (const check of nodeChecks(node, dotted)) {
      if (!check.passes(value)) this.add(path, check.keyword, check.params, node);
    }
    // Like ajv, nothing inside a value of the wrong type is looked at.
    if (!typed) return;
    if (isRecord(value)) this.walkObject(node, value, path);
    else if (Array.isArray(value)) this.walkArray(node, value, path);
  }

  /**
   * A present field's x-compare against its sibling, as ajv's keyword judges it: the server drops a
   * value its condition hides before it validates (and the form does not send it), so a hidden
   * sibling counts as empty here.
   */
  private compare(node: JsonSchema, name: string, value: Record<string, unknown>, conditions: FieldCondition[], path: string[]): void {
    const own = node.properties?.[name];
    const check = own ? compareCheck(own, node.properties ?? {}, [...path, name].join('.'), this.locale) : undefined;
    if (!check) return;
    // A rule with today or now has no sibling to hide.
    const shown =
      check.field === undefined || (Object.hasOwn(value, check.field) && fieldState(node, check.field, value, conditions).visible);
    if (!check.passes(value[name], shown ? value : {})) this.add([...path, name], COMPARE_KEYWORD, check.params, own, check.message);
  }

  private walkArray(node: JsonSchema, value: unknown[], path: string[]): void {
    const { items } = node;
    if (Array.isArray(items)) throw new UnsupportedRuleError(path.join('.'), 'tuple items are not supported by the client-side verdict');
    if (!isJsonSchema(items)) return;
    value.forEach((item, index) => this.walk(items, item, [...path, String(index)]));
  }

  private walkObject(node: JsonSchema, value: Record<string, unknown>, path: string[]): void {
    const pointer = path.length ? `(${path.join('.')})` : '';
    const conditions: FieldCondition[] = deriveConditions(node, pointer);
    const branches = activeBranches(node, value, pointer);
    const properties = node.properties ?? {};
    // allOf entries without an `if` are plain extra rules on the same object.
    for (const extra of (node.allOf ?? []).filter(isJsonSchema)) {
      if (!extra.if) this.walk(extra, value, path);
    }
    const names = new Set([
      ...Object.keys(properties),
      ...(node.required ?? []),
      ...conditions.flatMap((c) => [...c.thenFields, ...c.elseFields]),
    ]);
    for (const name of names) {
      const state = fieldState(node, name, value, conditions);
      // A hidden field is not checked, as in the form (display 'none'); the form does not send it.
      if (!state.visible) continue;
      const own = properties[name];
      if (!Object.hasOwn(value, name)) {
        if (state.required) this.add([...path, name], 'required', { missingProperty: name }, own);
        continue;
      }
      if (own) this.walk(own, value[name], [...path, name]);
      this.compare(node, name, value, conditions, path);
      for (const branch of branches) {
        const extra = branch.properties?.[name];
        if (extra) this.walk(extra, value[name], [...path, name]);
      }
    }
    const { additionalProperties } = node;
    if (additionalProperties === undefined || additionalProperties === true) return;
    for (const key of Object.keys(value)) {
      if (Object.hasOwn(properties, key)) continue;
      if (additionalProperties === false) this.add([...path, key], 'additionalProperties', { additionalProperty: key }, undefined);
      else this.walk(additionalProperties, value[key], [...path, key]);
    }
  }
}

/**
 * The client's verdict on a record, as a pure function: every failing field as the server's ajv
 * would report it (dotted paths such as `members.0.phone`, the shared messages), empty when the
 * record is valid. The StepForm uses it to find every failing step before submit, without
 * rendering them; an agreement property test holds it to the server's verdict.
 *
 * It cleans and prunes the data first (ArrayTable's index keys out, '' and null out), exactly as
 * the submit pipeline does before sending. It uses the same checks as the Formily field rules,
 * plus required (the object's own list and the active `if` branch's), enum/const, `type`, nested
 * objects, arrays (items, minItems, maxItems, uniqueItems), additionalProperties and x-compare
 * (a field against its sibling). A field that an `if` hides is not checked, as in the form. Not
 * checked here: dictionary membership (x-dict) and uniqueness within the activity (x-unique),
 * which need the server's data.
 *
 * Throws UnsupportedRuleError / UnsupportedConditionError for a schema it cannot judge.
 */
export function validateValues(schema: JsonSchema, data: unknown, locale: Locale): FieldError[] {
  const verdict = new Verdict(locale);
  verdict.walk(schema, pruneEmpty(cleanFormValues(data)), []);
  // One message per field, chosen as the server chooses it.
  return firstErrorPerField(verdict.errors);
}
