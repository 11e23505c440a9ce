import type { SearchTextPart } from '../generated/search-text-part';

/** The longest words first, so 高新技术企业 is marked whole rather than as 高新 and 技术. */
function matcher(words: readonly string[]): RegExp | undefined {
  const usable = [...new Set(words.map((word) => word.trim()).filter((word) => word.length > 0))].sort((a, b) => b.length - a.length);
  if (usable.length === 0) return undefined;
  return new RegExp(usable.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
}

/** The text cut into pieces, the pieces that are one of the words marked as hits (Latin letters in any case). */
export function highlightText(text: string, words: readonly string[]): SearchTextPart[] {
  const pattern = matcher(words);
  if (!pattern || text.length === 0) return text.length === 0 ? [] : [{ text, hit: false }];
  const parts: SearchTextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start), hit: false });
    parts.push({ text: match[0], hit: true });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}

/**
 * A window of about `length` characters around the first of the words in the text (from the start
 * when none is in it), with an ellipsis where it is cut, then marked as highlightText does.
 */
export function snippetAround(text: string, words: readonly string[], length = 120): SearchTextPart[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const pattern = matcher(words);
  const first = pattern ? flat.search(new RegExp(pattern.source, 'iu')) : -1;
  const start = first <= 0 ? 0 : Math.max(0, Math.min(first - Math.floor(length / 4), flat.length - length));
  const end = Math.min(flat.length, start + length);
  const window = `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
  return highlightText(window, words);
}
