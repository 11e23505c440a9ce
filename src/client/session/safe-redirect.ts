/**
 * The redirect target after login, only when it stays on this site: a path with exactly one
 * leading slash. `//evil.example` and `/\evil.example` are protocol-relative URLs in browsers,
 * so they fall back to '/', as does anything else (absolute URLs, javascript:, empty).
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/')) return '/';
  const second = target.charAt(1);
  if (second === '/' || second === '\\') return '/';
  // Control characters (tab, newline) are stripped by URL parsers and could rebuild "//".
  for (const char of target) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  return target;
}
