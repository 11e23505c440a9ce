import { isJsonSchema, type JsonSchema } from './json-schema';

/** The widget name that marks a string field as HTML rich text. */
export const RICH_TEXT_COMPONENT = 'RichText';

export function isRichTextNode(node: JsonSchema | undefined): boolean {
  return node?.['x-component'] === RICH_TEXT_COMPONENT;
}

/**
 * The names of the top-level properties of a record or form schema that are rich text (x-component
 * RichText), whether declared in `properties` or in a top-level if/then/else or allOf/anyOf/oneOf
 * branch. Rich text is a top-level field only: a RichText node deeper down is not found here.
 */
export function richTextFields(schema: JsonSchema): string[] {
  const found = new Set<string>();
  const visit = (node: JsonSchema): void => {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      if (isJsonSchema(property) && isRichTextNode(property)) found.add(name);
    }
    for (const branch of [node.then, node.else, ...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
      if (isJsonSchema(branch)) visit(branch);
    }
  };
  visit(schema);
  return [...found];
}
