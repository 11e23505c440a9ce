import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { useMemo } from 'react';
import {
  RICH_TEXT_ATTRIBUTE_NAMES,
  RICH_TEXT_DROP_WITH_CONTENT,
  RICH_TEXT_TAGS,
  RICH_TEXT_URI_PATTERN,
  richTextAttributes,
} from '../../shared/html/rich-text-allowlist';
import './safe-html.css';

/** DOMPurify configured from the one allowlist (src/shared/html/rich-text-allowlist.ts), like the server's sanitize-html. */
const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTE_NAMES],
  ALLOWED_URI_REGEXP: RICH_TEXT_URI_PATTERN,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ADD_FORBID_CONTENTS: [...RICH_TEXT_DROP_WITH_CONTENT],
  SAFE_FOR_XML: true,
  RETURN_TRUSTED_TYPE: false,
};

let purifier: Purifier | undefined;

/**
 * The app's own DOMPurify instance (hooks are per instance, so nobody else's sanitising is
 * changed), made on first use: a module that merely imports this file needs no DOM.
 */
function richTextPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  // DOMPurify's lists are flat (any allowed attribute on any allowed tag): the allowlist's per-tag
  // rules then decide, the same function the server runs: attribute names by tag, a link's scheme,
  // an image's path, target only _blank with rel forced to noopener noreferrer.
  instance.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    const current: Record<string, string> = {};
    for (const { name, value } of Array.from(node.attributes)) current[name.toLowerCase()] = value;
    const kept = richTextAttributes(tag, current);
    for (const name of Object.keys(current)) if (!Object.hasOwn(kept, name)) node.removeAttribute(name);
    for (const [name, value] of Object.entries(kept)) if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  });
  purifier = instance;
  return instance;
}

/** The allowlist's HTML of a rich text, as a string: what SafeHtml renders. */
export function sanitizeRichTextHtml(html: string): string {
  return richTextPurifier().sanitize(html, CONFIG);
}

export interface SafeHtmlProps {
  html: string;
  className?: string;
}

/**
 * Editor-authored rich text (an article's body), sanitised in the browser with the same allowlist
 * the server applied before storing it (SECURITY R22). The only component that may set HTML:
 * everything else renders text, and lint refuses `dangerouslySetInnerHTML` outside this file.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeRichTextHtml(html), [html]);
  return <div className={className ? `kc-rich-text ${className}` : 'kc-rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
