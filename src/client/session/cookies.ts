/** Small cookie helpers for the session's cookies (`Access-Token`, `userUnit`): path / (spec §9). */

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (entry === undefined) return undefined;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    // A value another program wrote unencoded (a stray '%'): take it as it is.
    return entry.slice(prefix.length);
  }
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/**
 * Spec §9: the session cookies are cleared "across the provincial domain and localhost". A cookie
 * set by the passport for a parent domain (`.example.gov.cn`) survives a host-only delete, so it is
 * also deleted for the host and for each parent domain of it.
 */
export function removeCookie(name: string): void {
  writeCookie(name, '', 0);
  const labels = location.hostname.split('.');
  // An IP address or a single-label host (localhost) has no parent domains to clear.
  if (labels.length < 2 || /^[\d.]+$/.test(location.hostname)) return;
  for (let start = 0; start < labels.length - 1; start += 1) {
    document.cookie = `${name}=; path=/; max-age=0; domain=.${labels.slice(start).join('.')}`;
  }
}
