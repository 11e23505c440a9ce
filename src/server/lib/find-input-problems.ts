/** How deeply objects and arrays may nest in a request; no form or list request comes near it. */
export const MAX_INPUT_DEPTH = 64;

/** At most this many problems are reported, so a body full of them cannot make a huge answer. */
export const MAX_INPUT_PROBLEMS = 20;

/**
 * PostgreSQL refuses a NUL in text and jsonb, and Node replaces an unpaired surrogate half when it
 * encodes the text, so neither can be stored as sent.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type InputProblem = { kind: 'character'; path: string[] } | { kind: 'depth'; path: string[] } | { kind: 'number'; path: string[] };

export function hasUnstorableCharacter(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * A JSON number beyond ±Number.MAX_SAFE_INTEGER: JSON.parse has already rounded it (9007199254740993 arrives as
 * …992, another record's id or version), 1e400 arrives as Infinity, and 1e308 passes `type: integer` only to
 * overflow a bigint column with a 500 (issue 34). No field of the portal holds such a number.
 */
export function isUnsafeNumber(value: unknown): boolean {
  return typeof value === 'number' && !(Math.abs(value) <= Number.MAX_SAFE_INTEGER);
}

/** What is wrong with a value that is not a container, if anything. */
function problemKind(value: unknown): 'character' | 'number' | undefined {
  if (typeof value === 'string' && hasUnstorableCharacter(value)) return 'character';
  return isUnsafeNumber(value) ? 'number' : undefined;
}

/** A path segment that is safe to echo in an answer: its unstorable characters replaced. */
export function printableSegment(segment: string): string {
  return segment.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');
}

/** Only what a parser builds: a Buffer or a stream (a multipart file) is not walked byte by byte. */
function isParsedObject(value: object): boolean {
  // A plain object, or one on a bare prototype (the query string parser's, for speed).
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

interface Container {
  value: object;
  depth: number;
  parent: Container | undefined;
  key: string;
}

function pathOf(container: Container | undefined, key?: string): string[] {
  const path = key === undefined ? [] : [key];
  for (let node = container; node?.parent; node = node.parent) path.push(node.key);
  return path.reverse();
}

/**
 * The strings (values and keys) that cannot be stored, the numbers that cannot be held exactly (isUnsafeNumber), or the first container nested deeper than
 * MAX_INPUT_DEPTH; a level's own strings are reported before those of the containers in it. Walked
 * with an explicit stack: the input may be nested far deeper than the call stack allows, which is
 * exactly what is being looked for. Only containers are stacked: a body costs about what parsing it did.
 */
export function findInputProblems(input: unknown): InputProblem[] {
  const own = problemKind(input);
  if (own) return [{ kind: own, path: [] }];
  if (typeof input !== 'object' || input === null || (!Array.isArray(input) && !isParsedObject(input))) return [];
  const problems: InputProblem[] = [];
  const stack: Container[] = [{ value: input, depth: 1, parent: undefined, key: '' }];
  while (stack.length > 0 && problems.length < MAX_INPUT_PROBLEMS) {
    const container = stack.pop() as Container;
    // Deeper than the limit is refused whatever else is wrong: the rest was never meant to be read.
    if (container.depth > MAX_INPUT_DEPTH) return [{ kind: 'depth', path: pathOf(container) }];
    const { value } = container;
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    const count = keys ? keys.length : (value as unknown[]).length;
    const nested: Container[] = [];
    for (let index = 0; index < count; index += 1) {
      const key = keys ? (keys[index] as string) : String(index);
      const entry: unknown = keys ? (value as Record<string, unknown>)[key] : (value as unknown[])[index];
      const kind = keys && hasUnstorableCharacter(key) ? 'character' : problemKind(entry);
      if (kind) problems.push({ kind, path: pathOf(container, key) });
      if (typeof entry === 'object' && entry !== null && (Array.isArray(entry) || isParsedObject(entry)))
        nested.push({ value: entry, depth: container.depth + 1, parent: container, key });
    }
    // Stacked last to first, so the containers are looked into in the order they were sent.
    for (let index = nested.length - 1; index >= 0; index -= 1) stack.push(nested[index] as Container);
  }
  return problems.slice(0, MAX_INPUT_PROBLEMS);
}
