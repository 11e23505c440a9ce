import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROP_WITH_CONTENT,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_TAGS,
  richTextAttributes,
} from '../../shared/html/rich-text-allowlist';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { richTextFields } from '../../shared/schema/rich-text-fields';

/**
 * sanitize-html configured from the one allowlist (src/shared/html/rich-text-allowlist.ts). The
 * per-tag attribute rules (URL schemes and paths, target and rel, sizes) are applied by the
 * allowlist's own richTextAttributes for every tag; sanitize-html's lists are the second gate.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...(names ?? [])]])),
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  // An image is a path of the file store, never a URL with a scheme; richTextAttributes checks the path.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROP_WITH_CONTENT],
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  // An image whose src did not pass is dropped whole, not left as an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['src'],
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: richTextAttributes(tagName, attribs) }),
  },
};

// What is left once only the visible content is kept: text and images.
const VISIBLE_ONLY: sanitizeHtml.IOptions = {
  allowedTags: ['img'],
  allowedAttributes: { img: ['src'] },
  nonTextTags: [...RICH_TEXT_DROP_WITH_CONTENT],
};

/**
 * The HTML that may be stored for a rich text: only the allowlist's tags and attributes. A text
 * with nothing visible left (only empty paragraphs, line breaks or spaces) is the empty string, so
 * it counts as not filled in, like a cleared input.
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS);
  const visible = sanitizeHtml(clean, VISIBLE_ONLY)
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return visible === '' ? '' : clean;
}

/**
 * The data with every top-level rich text field of the schema (x-component RichText) that holds a
 * string replaced by its sanitised HTML. Other values, and non-string rich text values (which ajv
 * then refuses), are left as they are. Returns the same object when there is nothing to do.
 */
export function sanitizeRichTextFields(schema: JsonSchema, data: Record<string, unknown>): Record<string, unknown> {
  const fields = richTextFields(schema).filter((field) => Object.hasOwn(data, field) && typeof data[field] === 'string');
  if (fields.length === 0) return data;
  const result = { ...data };
  for (const field of fields) result[field] = sanitizeRichText(data[field] as string);
  return result;
}
