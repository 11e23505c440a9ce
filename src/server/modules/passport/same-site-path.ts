const PLACEHOLDER_ORIGIN = 'http://portal.invalid';

/** C0 controls, DEL or a backslash anywhere: browsers strip or reinterpret them inside URLs. */
function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/**
 * SECURITY R23: a redirect target is kept only when it is a path on this site: one leading '/', not
 * '//' or '/\', no scheme, no control characters, and resolving it against the site keeps the
 * site's origin. Anything else (https://evil, //evil, javascript:…, %2F%2Fevil) becomes '/'.
 */
export function sameSitePath(value: string | undefined | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Browsers drop tabs and newlines inside URLs, so '/\t/evil.com' would become '//evil.com'.
  if (hasControlOrBackslash(value)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return '/';
  }
  if (decoded.startsWith('//') || hasControlOrBackslash(decoded)) return '/';
  const url = new URL(value, PLACEHOLDER_ORIGIN);
  if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
