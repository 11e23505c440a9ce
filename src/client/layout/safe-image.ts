/**
 * Whether an image URL may be shown under the CSP (img-src 'self' data:). An external avatar would
 * be blocked and logged as a violation, so the header falls back to an icon instead.
 */
export function isCspSafeImage(url: string | undefined): url is string {
  if (!url) return false;
  if (url.startsWith('data:image/')) return true;
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}
