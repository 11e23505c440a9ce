import sanitizeHtml from 'sanitize-html';

/** Rich text as the words a reader sees: no tags, entities decoded, blocks kept apart by spaces. */
export function plainText(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) return '';
  if (!value.includes('<') && !value.includes('&')) return value;
  const spaced = value.replace(/<(\/p|br\s*\/?|\/li|\/h[1-6]|\/td|\/tr|\/div)>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
