import type { ValidateFunction, ErrorObject } from 'ajv';
import { authoringMessage } from './authoring-message';
import { COMPARE_KEYWORD, compareKind, compareMoment, MOMENT_KIND } from './compare-rule';
import { createAjv, keywordSchemaValidator } from './create-ajv';
import { isJsonSchema, type CompareRule, type JsonSchema } from './json-schema';
import { VOCABULARY_KEYWORDS } from './vocabulary';
import { escapePointer } from './escape-pointer';
import { RETIRED_FORM_KEYWORD } from './is-retired-form';

export interface SchemaProblem {
  /** JSON pointer into the schema file. */
  pointer: string;
  message: string;
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const STANDARD_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$comment',
  'title',
  'description',
  'default',
  'readOnly',
  'writeOnly',
  'examples',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'additionalItems',
  'items',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxProperties',
  'minProperties',
  'required',
  'additionalProperties',
  'definitions',
  'properties',
  'patternProperties',
  'dependencies',
  'propertyNames',
  'const',
  'enum',
  'type',
  'format',
  'contentMediaType',
  'contentEncoding',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
];
const KNOWN = new Set([...STANDARD_KEYWORDS, ...VOCABULARY_KEYWORDS]);
const SUBSCHEMA = new Set(['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'if', 'then', 'else', 'not']);
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);
const SUBSCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'items']);

// Subschemas that apply only sometimes, or combine: a cross-field rule belongs on the field itself.
const BRANCH_KEYWORDS = new Set(['if', 'then', 'else', 'not', 'allOf', 'anyOf', 'oneOf']);

/** Where a node sits: a property of an object (its name and its siblings), inside a branch or not. */
interface Place {
  name?: string;
  siblings?: Record<string, unknown>;
  inBranch: boolean;
}

const COMPARE_KINDS = '数字（number、integer）、日期（format 为 date）或日期时间（format 为 date-time）';
// today is a calendar date and now an instant: each is compared with its own kind of field only.
const MOMENT_MISFITS = {
  today: `${COMPARE_KEYWORD} 的 today（今天）只能写在日期字段（format 为 date）上；日期时间字段（format 为 date-time）与当前时间比较，写 now`,
  now: `${COMPARE_KEYWORD} 的 now（当前时间）只能写在日期时间字段（format 为 date-time）上；日期字段（format 为 date）与今天比较，写 today`,
} as const;

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(current[j - 1]! + 1, previous[j]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

// Most unknown keywords are typos of a known one; naming it saves the author a trip to the docs.
function suggestion(keyword: string): string {
  const lower = keyword.toLowerCase();
  const exact = [...KNOWN].find((known) => known.toLowerCase() === lower);
  if (exact) return `，是否想写 "${exact}"？（关键字区分大小写）`;
  const near = [...KNOWN].find((known) => editDistance(known.toLowerCase(), lower) <= 2);
  return near ? `，是否想写 "${near}"？` : '';
}

// Validating a schema against draft-07 keeps no state, so one ajv serves every check in the process.
let draft07: ReturnType<typeof createAjv> | undefined;

class Checker {
  readonly problems: SchemaProblem[] = [];

  private meta(keyword: string): ValidateFunction {
    return keywordSchemaValidator(keyword);
  }

  add(pointer: string, message: string): void {
    this.problems.push({ pointer, message });
  }

  addAjvErrors(base: string, errors: ErrorObject[] | null | undefined, prefix = ''): void {
    for (const error of errors ?? []) this.add(`${base}${error.instancePath}`, `${prefix}${authoringMessage(error)}`);
  }

  node(node: unknown, pointer: string, place: Place = { inBranch: false }): void {
    if (!isJsonSchema(node)) {
      if (typeof node !== 'boolean') this.add(pointer, '这里应为一个 schema 对象');
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (!KNOWN.has(key)) {
        this.add(
          at,
          key.startsWith('x-')
            ? `未注册的扩展关键字 "${key}"${suggestion(key)}；可用的扩展关键字有：${VOCABULARY_KEYWORDS.join('、')}`
            : `未知的关键字 "${key}"${suggestion(key)}`,
        );
        continue;
      }
      if (key.startsWith('x-')) {
        const validate = this.meta(key);
        if (!validate(value)) this.addAjvErrors(at, validate.errors, `${key} 的取值不合法：`);
        else if (key === COMPARE_KEYWORD) this.compareRule(node, value as CompareRule, at, place);
        // It retires the whole form (ADR 0055): on a field it would look like a retired field and do nothing.
        else if (key === RETIRED_FORM_KEYWORD && pointer !== '')
          this.add(at, `${RETIRED_FORM_KEYWORD} 只能写在表单文件的根上（停用整个表单），不能写在字段上`);
        continue;
      }
      const inBranch = place.inBranch || BRANCH_KEYWORDS.has(key);
      if (SUBSCHEMA_MAP.has(key) && isJsonSchema(value)) {
        for (const [name, sub] of Object.entries(value)) {
          if (key === 'dependencies' && Array.isArray(sub)) continue;
          this.node(sub, `${at}/${escapePointer(name)}`, key === 'properties' ? { name, siblings: value, inBranch } : { inBranch });
        }
      } else if (SUBSCHEMA_LIST.has(key) && Array.isArray(value)) {
        value.forEach((sub, index) => this.node(sub, `${at}/${index}`, { inBranch }));
      } else if (SUBSCHEMA.has(key)) {
        this.node(value, at, { inBranch });
      }
    }
    this.requiredDeclared(node, pointer);
  }

  /**
   * x-compare's meta-schema checks its shape; this checks what it names. It compares with exactly one
   * of a sibling property of the same kind (two numbers, two dates, two date-times), today (a date) or
   * now (a date-time), and sits on the field itself: the form and the server read it from the object's
   * own properties.
   */
  private compareRule(node: JsonSchema, rule: CompareRule, at: string, place: Place): void {
    if (place.inBranch) {
      this.add(at, `${COMPARE_KEYWORD} 只能写在字段本身（对象的 properties）上，不能写在 if、then、else、allOf、anyOf、oneOf 或 not 中`);
      return;
    }
    const sides = [rule.field, rule.today, rule.now].filter((side) => side !== undefined).length;
    if (sides !== 1) {
      this.add(
        at,
        `${COMPARE_KEYWORD} 应写 field（同一层的另一个字段）、today（今天，用于日期）或 now（当前时间，用于日期时间）中的一个，且只写一个`,
      );
      return;
    }
    if (!place.siblings || place.name === undefined) {
      this.add(at, `${COMPARE_KEYWORD} 只能写在对象 properties 中的字段上`);
      return;
    }
    const kind = compareKind(node);
    if (!kind) {
      this.add(at, `${COMPARE_KEYWORD} 只能写在${COMPARE_KINDS}字段上`);
      return;
    }
    const moment = compareMoment(rule);
    if (moment !== undefined) {
      if (MOMENT_KIND[moment] !== kind) this.add(`${at}/${moment}`, MOMENT_MISFITS[moment]);
      return;
    }
    if (rule.field === place.name) {
      this.add(`${at}/field`, `${COMPARE_KEYWORD} 不能与字段自身比较`);
      return;
    }
    const sibling = rule.field === undefined ? undefined : place.siblings[rule.field];
    if (!isJsonSchema(sibling)) {
      // The siblings it could compare with: a typo is usually one of these.
      const names = Object.entries(place.siblings)
        .filter(([name, other]) => name !== place.name && isJsonSchema(other) && compareKind(other) === kind)
        .map(([name]) => name);
      const usable = names.length > 0 ? `可比较的同类字段：${names.join('、')}` : '同一层没有可比较的同类字段';
      this.add(`${at}/field`, `${COMPARE_KEYWORD} 比较的字段 "${rule.field ?? ''}" 没有在同一层的 properties 中定义（${usable}）`);
      return;
    }
    if (compareKind(sibling) !== kind) {
      this.add(
        `${at}/field`,
        `${COMPARE_KEYWORD} 比较的字段 "${rule.field ?? ''}" 与本字段不是同类：两个字段应同为数字（number、integer），或同为日期（format 为 date），或同为日期时间（format 为 date-time）`,
      );
    }
  }

  // A required name that no property declares can never be satisfied by the form: it is a typo.
  private requiredDeclared(node: JsonSchema, pointer: string): void {
    if (!Array.isArray(node.required) || !node.properties) return;
    node.required.forEach((name, index) => {
      if (!node.properties?.[name]) this.add(`${pointer}/required/${index}`, `required 中的 "${name}" 没有在 properties 中定义`);
    });
  }

  root(schema: unknown): void {
    if (!isJsonSchema(schema)) {
      this.add('', '文件内容应为一个 JSON 对象');
      return;
    }
    if (schema.$schema !== DRAFT_07) this.add('/$schema', `$schema 应为 "${DRAFT_07}"`);
    if (typeof schema.$id !== 'string' || !schema.$id) this.add('/$id', '缺少 $id（生成的类型名由它决定）');
    if (!schema.title) this.add('/title', '缺少 title');
    draft07 ??= createAjv();
    if (!draft07.validateSchema(schema)) this.addAjvErrors('', draft07.errors);
    this.node(schema, '');
    if (this.problems.length > 0) return;
    const failure = compileFailure(schema);
    if (failure !== undefined) this.add('', `无法编译：${failure}`);
  }
}

// Compiling is most of a check's time (ajv generates code), and its outcome depends on the schema's text
// alone: schemas:check, the studio's checks as an author types and the guide's tests check the same files
// again and again. Kept per text, at most COMPILED_KEPT of them.
const COMPILED_KEPT = 1000;
const compiled = new Map<string, string | undefined>();

/** Why the schema does not compile, or undefined when it does. */
function compileFailure(schema: JsonSchema): string | undefined {
  const text = JSON.stringify(schema);
  if (compiled.has(text)) return compiled.get(text);
  let failure: string | undefined;
  try {
    // A fresh ajv, so that no schema checked before can clash with this one's $id; draft-07 was checked above.
    const ajv = createAjv({ checked: true });
    // The factory pre-registers shared schemas (the file reference); checking that file itself is not a clash.
    if (typeof schema.$id === 'string') ajv.removeSchema(schema.$id);
    ajv.compile(schema);
  } catch (error) {
    failure = (error as Error).message;
  }
  if (compiled.size >= COMPILED_KEPT) compiled.clear();
  compiled.set(text, failure);
  return failure;
}

/** Every problem in one schema file, each with a JSON pointer and a Chinese message. Empty means good. */
export function checkSchema(schema: unknown): SchemaProblem[] {
  const checker = new Checker();
  checker.root(schema);
  return checker.problems;
}
