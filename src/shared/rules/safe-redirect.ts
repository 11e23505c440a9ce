const PLACEHOLDER_ORIGIN = 'http://portal.invalid';

/** C0 controls, DEL or a backslash: URL parsers strip or reinterpret them ('/\t/x' becomes '//x'). */
function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}

function looksProtocolRelative(value: string): boolean {
  return value.startsWith('//') || value.startsWith('/\\');
}

/**
 * SECURITY R23: the redirect target after login, kept only when it is a path on this site: one
 * leading '/', not '//' or '/\', no scheme, no control character or backslash, also once decoded
 * (`/%09/evil.com`, `/%2F/evil.com` could be decoded again on the way), and resolving it keeps the
 * site's origin. Anything else (https://evil, //evil, javascript:, data:, %2F%2Fevil, empty) is '/'.
 * The server's SSO return and the browser's login both use it.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || looksProtocolRelative(target) || hasControlOrBackslash(target)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return '/';
  }
  if (looksProtocolRelative(decoded) || hasControlOrBackslash(decoded)) return '/';
  const url = new URL(target, PLACEHOLDER_ORIGIN);
  if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
