import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import uploadTargetSchema from '../../../schemas/api/upload-target.schema.json';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import type { FuzzRoute } from './fuzz-routes';
import { encodeUrlComponent, HOSTILE_STRINGS, HOSTILE_VALUE, RAW_JSON_BODIES, toJsonText } from './hostile-values';
import { schemaArbitrary, type SchemaArbitraryContext } from './schema-arbitrary';

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; payload: Buffer; contentType: string; malformed: boolean };

/** One request to one route, before it is given an identity. */
export interface FuzzCase {
  /** What was done to the valid-shaped request, for the failure report. */
  mutation: string;
  params: Record<string, string>;
  /** In order, a name repeated for an array value. */
  query: [string, string][];
  body: FuzzBody;
  remoteAddress: string;
}

type Segment = string | number;

/** Every place in a JSON value a mutation can hit, the value itself included (only the first levels of a big one). */
function pathsIn(value: unknown, path: Segment[] = [], into: Segment[][] = []): Segment[][] {
  into.push(path);
  if (path.length >= 8 || into.length > 200) return into;
  if (Array.isArray(value)) value.slice(0, 8).forEach((entry, index) => pathsIn(entry, [...path, index], into));
  else if (typeof value === 'object' && value !== null)
    for (const [key, entry] of Object.entries(value)) pathsIn(entry, [...path, key], into);
  return into;
}

/** A copy of `value` with `change` applied to the container holding `path`'s last segment. */
function changedAt(value: unknown, path: Segment[], change: (container: Record<Segment, unknown>, key: Segment) => void): unknown {
  const copy: unknown = structuredClone(value);
  const [last] = path.slice(-1);
  if (last === undefined) return copy;
  let container: unknown = copy;
  for (const segment of path.slice(0, -1)) container = (container as Record<Segment, unknown>)[segment];
  if (typeof container === 'object' && container !== null) change(container as Record<Segment, unknown>, last);
  return copy;
}

const EXTRA_KEYS = ['extra', '', 'a\u0000b', '\uD800', 'constructor', 'toString', 'x'.repeat(300), 'id', 'status', 'ownerId', 'version'];

type JsonMutation = 'replace' | 'delete' | 'add' | 'wrap';

/** One mutation at one place in a valid-shaped JSON value. */
const JSON_MUTATION: fc.Arbitrary<(value: unknown) => { value: unknown; mutation: string }> = fc
  .tuple(
    fc.nat(),
    fc.constantFrom<JsonMutation>('replace', 'replace', 'replace', 'delete', 'add', 'wrap'),
    HOSTILE_VALUE,
    fc.constantFrom(...EXTRA_KEYS),
  )
  .map(([pick, kind, hostile, extraKey]) => (value: unknown) => {
    const paths = pathsIn(value);
    const path = paths[pick % paths.length] ?? [];
    const where = path.join('.') || '(root)';
    switch (kind) {
      case 'replace':
        return {
          value: path.length === 0 ? hostile : changedAt(value, path, (container, key) => void (container[key] = hostile)),
          mutation: `replace ${where}`,
        };
      case 'delete':
        return {
          value: changedAt(value, path, (container, key) => {
            if (Array.isArray(container)) container.splice(Number(key), 1);
            else delete container[key];
          }),
          mutation: `delete ${where}`,
        };
      case 'add': {
        const target = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
        return { value: { ...target, [extraKey]: hostile }, mutation: `add ${JSON.stringify(extraKey.slice(0, 20))}` };
      }
      case 'wrap':
        return { value: [value], mutation: 'wrap in an array' };
    }
  });

/** A schema's valid-shaped value as a query string or path carries it. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A part of a request twice: as its schema wants it, and with one thing made wrong. */
interface Variants<T> {
  valid: T;
  mutated: T;
  mutation: string;
}

function paramsArbitrary(route: FuzzRoute, context: SchemaArbitraryContext): fc.Arbitrary<Variants<Record<string, string>>> {
  if (route.params.length === 0) return fc.constant({ valid: {}, mutated: {}, mutation: 'params' });
  const valid = fc.tuple(
    ...route.params.map(({ name, schema }) =>
      name === '*'
        ? fc
            .constantFrom('', 'index.html', 'assets/app-abc123.js', 'some/page', 'api', '.env', 'assets/../index.html')
            .map((text) => [name, text] as const)
        : schemaArbitrary(schema ?? { type: 'string' }, context).map((value) => [name, asText(value)] as const),
    ),
  );
  return fc.tuple(valid, fc.nat(), fc.constantFrom(...HOSTILE_STRINGS)).map(([entries, pick, hostile]) => {
    const params = Object.fromEntries(entries);
    const name = route.params[pick % route.params.length]?.name ?? '';
    return { valid: params, mutated: { ...params, [name]: hostile }, mutation: `param ${name}` };
  });
}

function queryArbitrary(route: FuzzRoute, context: SchemaArbitraryContext): fc.Arbitrary<Variants<[string, string][]>> {
  const properties = Object.fromEntries(route.query.map(({ name, schema }) => [name, schema]));
  const required = route.query.filter((parameter) => parameter.required).map(({ name }) => name);
  const valid = route.query.length === 0 ? fc.constant({}) : schemaArbitrary({ type: 'object', properties, required }, context);
  const kinds = ['hostile', 'hostile', 'hostile', 'drop', 'extra', 'repeat', 'number'] as const;
  return fc.tuple(valid, fc.constantFrom(...kinds), fc.nat(), fc.constantFrom(...HOSTILE_STRINGS)).map(([value, kind, pick, hostile]) => {
    const query: [string, string][] = Object.entries(value as Record<string, unknown>).map(([name, entry]) => [name, asText(entry)]);
    const names = route.query.map(({ name }) => name);
    const name = names[pick % Math.max(1, names.length)] ?? 'q';
    const others = query.filter(([key]) => key !== name);
    switch (kind) {
      case 'hostile':
        return { valid: query, mutated: [...others, [name, hostile]], mutation: `query ${name}` };
      case 'drop':
        return { valid: query, mutated: others, mutation: `drop query ${name}` };
      case 'extra':
        return { valid: query, mutated: [...query, [EXTRA_KEYS[pick % EXTRA_KEYS.length] ?? 'extra', hostile]], mutation: 'extra query' };
      case 'repeat':
        return { valid: query, mutated: [...query, [name, 'second'], [name, hostile]], mutation: `repeat query ${name}` };
      case 'number':
        return {
          valid: query,
          mutated: [...others, [name, ['-0', '1e3', '1.5', '0x10', '9'.repeat(400), 'NaN', '-1', ' 1'][pick % 8] ?? '']],
          mutation: `number query ${name}`,
        };
    }
  });
}

const FILE_HEADS = [
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('MZ'),
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(0),
];

/** multipart/form-data bodies: well-formed ones with the upload target's fields, and every way of getting one wrong. */
function multipartArbitrary(): fc.Arbitrary<{ body: FuzzBody; mutation: string }> {
  const fields = fc.oneof(
    schemaArbitrary(uploadTargetSchema as JsonSchema, { resolveRef: () => undefined, knownIds: () => [] }),
    fc.dictionary(
      fc.constantFrom('activityId', 'ownerKind', 'ownerId', 'step', 'field', 'x'),
      fc.constantFrom(...HOSTILE_STRINGS.filter((text) => text.length < 300)),
    ),
  );
  const file = fc.tuple(
    fc.constantFrom(...FILE_HEADS),
    fc.uint8Array({ maxLength: 300 }),
    fc.constantFrom('a.pdf', '../../etc/passwd', 'a\u0000.pdf', '\u202Egpj.exe', 'x'.repeat(400), ''),
  );
  const shapes = [
    'valid',
    'valid',
    'noBoundary',
    'wrongBoundary',
    'truncated',
    'notMultipart',
    'longBoundary',
    'empty',
    'noFile',
    'twoFiles',
  ] as const;
  return fc.tuple(fields, file, fc.constantFrom(...shapes), fc.nat()).map(([values, [head, bytes, filename], shape, cut]) => {
    const boundary = `----fuzz${cut.toString(16)}`;
    const part = (header: string, content: Buffer): Buffer =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${header}\r\n\r\n`), content, Buffer.from('\r\n')]);
    const textParts = Object.entries(values as Record<string, unknown>).map(([name, value]) =>
      part(`Content-Disposition: form-data; name="${name}"`, Buffer.from(asText(value))),
    );
    const filePart = part(
      `Content-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream`,
      Buffer.concat([head, Buffer.from(bytes)]),
    );
    const end = Buffer.from(`--${boundary}--\r\n`);
    const payload = Buffer.concat([
      ...textParts,
      ...(shape === 'noFile' ? [] : [filePart]),
      ...(shape === 'twoFiles' ? [filePart] : []),
      end,
    ]);
    const type = `multipart/form-data; boundary=${boundary}`;
    const body = (bodyPayload: Buffer, contentType: string, malformed: boolean): FuzzBody => ({
      kind: 'multipart',
      payload: bodyPayload,
      contentType,
      malformed,
    });
    switch (shape) {
      case 'noBoundary':
        return { body: body(payload, 'multipart/form-data', true), mutation: 'multipart without a boundary' };
      case 'wrongBoundary':
        return { body: body(payload, 'multipart/form-data; boundary=not-the-one', true), mutation: 'multipart with the wrong boundary' };
      case 'truncated':
        // Cut before the closing delimiter: after it, the form is complete whatever follows.
        return {
          body: body(payload.subarray(0, 1 + (cut % (payload.length - end.length - 1))), type, true),
          mutation: 'multipart cut short',
        };
      case 'notMultipart':
        return { body: body(Buffer.from('{"activityId":"x"}'), type, true), mutation: 'JSON sent as multipart' };
      case 'longBoundary':
        return {
          body: body(payload, `multipart/form-data; boundary=${'b'.repeat(300)}`, true),
          mutation: 'multipart with a 300-character boundary',
        };
      case 'empty':
        return { body: body(Buffer.alloc(0), type, false), mutation: 'empty multipart' };
      default:
        return { body: body(payload, type, false), mutation: `multipart ${shape}` };
    }
  });
}

// Built once: building is slow, and it does not depend on the route.
const MULTIPART = multipartArbitrary();

function bodyArbitrary(route: FuzzRoute, context: SchemaArbitraryContext): fc.Arbitrary<Variants<FuzzBody>> {
  const none: FuzzBody = { kind: 'none' };
  if (route.method === 'GET') return fc.constant({ valid: none, mutated: none, mutation: 'body' });
  const contentType = route.body?.contentTypes[0] ?? 'application/json';
  const asBody = (value: unknown): FuzzBody => (value === undefined ? none : { kind: 'json', value });
  const validShaped = route.body ? schemaArbitrary(route.body.schema, context) : fc.constantFrom<unknown>({}, undefined);
  const raw = fc
    .constantFrom(...RAW_JSON_BODIES)
    .map((text) => () => ({ body: { kind: 'raw', text, contentType } as FuzzBody, mutation: `raw ${JSON.stringify(text.slice(0, 30))}` }));
  const wrongType = fc
    .constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/json, text/plain',
    )
    .map((type) => () => ({ body: { kind: 'raw', text: 'a=1', contentType: type } as FuzzBody, mutation: `content type ${type}` }));
  const multipart = MULTIPART.map((variant) => () => variant);
  const mutation = fc.oneof(
    {
      weight: 8,
      arbitrary: JSON_MUTATION.map((mutate) => (value: unknown) => {
        const { value: mutated, mutation: label } = mutate(value);
        return { body: asBody(mutated), mutation: label };
      }),
    },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: wrongType },
    // A route without a JSON body may be one that reads multipart (an upload, an import): try that too.
    ...(route.body ? [] : [{ weight: 8, arbitrary: multipart }]),
  );
  // The mutated body is the valid one changed, so the two differ only by the mutation.
  return fc.tuple(validShaped, mutation).map(([value, mutate]) => {
    const { body, mutation: label } = mutate(value);
    return { valid: asBody(value), mutated: body, mutation: label };
  });
}

/** Requests for one route: valid-shaped from its own schemas, most with one part made wrong. */
export function fuzzCaseArbitrary(route: FuzzRoute, context: SchemaArbitraryContext): fc.Arbitrary<FuzzCase> {
  const address = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`);
  const parts = [
    ...(route.params.length > 0 ? ['params'] : []),
    ...(route.query.length > 0 ? ['query'] : []),
    ...(route.method === 'GET' ? [] : ['body', 'body']),
  ];
  // One part is made wrong, so a refusal can be blamed on it; sometimes none, to reach the handler.
  const target = fc.oneof({ weight: 1, arbitrary: fc.constant('none') }, { weight: 3, arbitrary: fc.constantFrom('none', ...parts) });
  return fc
    .tuple(paramsArbitrary(route, context), queryArbitrary(route, context), bodyArbitrary(route, context), target, address)
    .map(([params, query, body, part, remoteAddress]) => ({
      mutation: part === 'params' ? params.mutation : part === 'query' ? query.mutation : part === 'body' ? body.mutation : 'valid-shaped',
      params: part === 'params' ? params.mutated : params.valid,
      query: part === 'query' ? query.mutated : query.valid,
      body: part === 'body' ? body.mutated : body.valid,
      remoteAddress,
    }));
}

/** The case as app.inject() options, the URL encoded as a hostile client would. */
export function injectOptions(route: FuzzRoute, fuzzCase: FuzzCase, headers: Record<string, string>): InjectOptions {
  let url = route.url;
  for (const [name, value] of Object.entries(fuzzCase.params)) {
    url =
      name === '*'
        ? url.replace('*', value.split('/').map(encodeUrlComponent).join('/'))
        : url.replace(`:${name}`, encodeUrlComponent(value));
  }
  if (fuzzCase.query.length > 0)
    url += `?${fuzzCase.query.map(([name, value]) => `${encodeUrlComponent(name)}=${encodeUrlComponent(value)}`).join('&')}`;
  const options: InjectOptions = { method: route.method, url, headers: { ...headers }, remoteAddress: fuzzCase.remoteAddress };
  const { body } = fuzzCase;
  if (body.kind === 'json')
    return {
      ...options,
      headers: { ...options.headers, 'content-type': route.body?.contentTypes[0] ?? 'application/json' },
      payload: toJsonText(body.value),
    };
  if (body.kind === 'raw') return { ...options, headers: { ...options.headers, 'content-type': body.contentType }, payload: body.text };
  if (body.kind === 'multipart')
    return { ...options, headers: { ...options.headers, 'content-type': body.contentType }, payload: body.payload };
  return options;
}
