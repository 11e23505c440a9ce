/**
 * The one allowlist of rich text (SECURITY R22): what HTML an editor's text may keep. The server's
 * sanitiser (sanitize-html, before storing) and the browser's (DOMPurify in SafeHtml, when
 * rendering) are both configured from this file, so the two cannot drift apart. Anything not named
 * here is dropped: no style, class or id, no event handler, no script, frame, form, SVG or MathML.
 *
 * Pure: no react, no fastify, no node:*.
 */

/** The tags a rich text may hold. Everything else is removed (its text kept, unless it is in RICH_TEXT_DROP_WITH_CONTENT). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ol',
  'ul',
  'li',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'span',
  'code',
  'pre',
  'img',
] as const;

export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/**
 * The attributes each tag may carry; a tag not listed carries none. `rel` on a link is never taken
 * from the input: it is set to LINK_REL when the link opens a new window, and removed otherwise.
 */
export const RICH_TEXT_ATTRIBUTES: Readonly<Partial<Record<RichTextTag, readonly string[]>>> = {
  a: ['href', 'title', 'target', 'rel'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Every attribute name of RICH_TEXT_ATTRIBUTES, for a sanitiser that takes one flat list (DOMPurify's ALLOWED_ATTR). */
export const RICH_TEXT_ATTRIBUTE_NAMES: readonly string[] = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())].sort();

/**
 * Tags removed together with everything inside them: their content is code, markup of another
 * language, or hidden text, never the article's words.
 */
export const RICH_TEXT_DROP_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'title',
  'textarea',
  'select',
  'option',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
] as const;

/** The URL schemes a link may use. */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Images come only from the app's own file store (the CSP's img-src is 'self' anyway). */
export const RICH_TEXT_IMAGE_PATH_PREFIX = '/api/files/';

/** The only window a link may open in, and the rel it then always gets. */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer';

/**
 * DOMPurify's ALLOWED_URI_REGEXP, built from the link schemes. DOMPurify tests every attribute value
 * that is not plain text against it (href and src, but also target, colspan, width), so it is
 * DOMPurify's own default with our schemes: a value with a scheme must use one of
 * RICH_TEXT_LINK_SCHEMES; a value without one ("_blank", "2", "/api/files/x") passes here, and
 * richTextAttributes then applies the per-tag rules (a link absolute, an image from the file store).
 */
export const RICH_TEXT_URI_PATTERN = new RegExp(`^(?:(?:${RICH_TEXT_LINK_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');

// Control characters and whitespace that browsers ignore inside a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/** A link's href is kept only if it is an absolute http(s) URL with a host, or a mailto: address. */
export function isAllowedLinkUrl(url: string): boolean {
  const compact = url.replace(IGNORED_IN_URL, '');
  if (compact !== url.trim()) return false;
  if (/^https?:\/\/[^/\\?#\s]/i.test(compact)) return true;
  return /^mailto:[^\s<>"]+$/i.test(compact);
}

/** An image's src is kept only if it is a path of the app's file store, without a way out of it. */
export function isAllowedImageUrl(url: string): boolean {
  if (!url.startsWith(RICH_TEXT_IMAGE_PATH_PREFIX)) return false;
  const rest = url.slice(RICH_TEXT_IMAGE_PATH_PREFIX.length);
  return /^[A-Za-z0-9][A-Za-z0-9._~%/-]*(?:\?[A-Za-z0-9._~%=&-]*)?$/.test(rest) && !rest.includes('..') && !rest.includes('//');
}

const SPAN = /^[1-9][0-9]{0,2}$/;
const PIXELS = /^[1-9][0-9]{0,3}$/;

/**
 * The attributes a tag keeps, from the ones it was written with: only the allowlisted names, each
 * value checked (URLs by scheme or path, spans and sizes as small positive integers, a link's
 * target only `_blank`), and `rel` forced for a new-window link. Both sanitisers call this, so the
 * per-tag rules live only here. The tag name is lower case; an unknown tag keeps nothing.
 */
export function richTextAttributes(tag: string, attributes: Readonly<Record<string, string>>): Record<string, string> {
  // Own keys only: a tag named `constructor` or `__proto__` must not reach Object.prototype.
  const allowed = Object.hasOwn(RICH_TEXT_ATTRIBUTES, tag) ? (RICH_TEXT_ATTRIBUTES[tag as RichTextTag] ?? []) : [];
  const kept: Record<string, string> = {};
  for (const name of allowed) {
    const value = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    if (value === undefined || name === 'rel') continue;
    switch (name) {
      case 'href':
        if (isAllowedLinkUrl(value)) kept[name] = value.trim();
        break;
      case 'src':
        if (isAllowedImageUrl(value)) kept[name] = value;
        break;
      case 'target':
        if (value === LINK_TARGET) kept[name] = value;
        break;
      case 'colspan':
      case 'rowspan':
        if (SPAN.test(value)) kept[name] = value;
        break;
      case 'width':
      case 'height':
        if (PIXELS.test(value)) kept[name] = value;
        break;
      default:
        kept[name] = value;
    }
  }
  if (tag === 'a' && kept['target'] === LINK_TARGET) kept['rel'] = LINK_REL;
  return kept;
}
