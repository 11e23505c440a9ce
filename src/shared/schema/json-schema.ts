/**
 * The structural shape of a canonical schema node (JSON Schema draft-07 plus the x-* vocabulary).
 * It describes schemas, not records: record types are generated from the schema files.
 */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  default?: unknown;
  if?: JsonSchema;
  then?: JsonSchema;
  else?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  definitions?: Record<string, JsonSchema>;
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-decorator-props'?: Record<string, unknown>;
  'x-dict'?: string;
  'x-order'?: number;
  'x-messages'?: Record<string, LocalizedText>;
  'x-enum-labels'?: string[];
  'x-suggest'?: { resource: string; list: string; field: string };
  'x-compare'?: CompareRule;
  'x-locale'?: Partial<Record<'en-US', { title?: string; description?: string; placeholder?: string }>>;
  /** A form file's root only: the form is retired (ADR 0055). */
  'x-retired'?: boolean;
  [keyword: string]: unknown;
}

/** A text given either once (zh-CN) or per locale. */
export type LocalizedText = string | { 'zh-CN': string; 'en-US'?: string };

/** How x-compare relates a field's value to its sibling's (value op sibling). */
export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

/**
 * A comparison rule (x-compare): this field's value compared with a sibling property's (an end date
 * not before the start date), or a date with today, or a date-time with now (a founding date not
 * after today). Exactly one of field, today and now; schemas:check refuses any other shape. The
 * meta-schema is in schemas/meta/vocabulary.schema.json.
 */
export type CompareRule = {
  op: CompareOp;
  /** The author's message; without it the catalogue's default names the other side. */
  message?: LocalizedText;
} & (
  | { /** A sibling property of the same object. */ field: string; today?: undefined; now?: undefined }
  | { /** The Beijing calendar date, for a field of format date. */ today: true; field?: undefined; now?: undefined }
  | { /** The current instant, for a field of format date-time. */ now: true; field?: undefined; today?: undefined }
);

export function isJsonSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
