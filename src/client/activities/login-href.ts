/** The login page, bringing the visitor back to `target` (a path with its query) afterwards. */
export function loginHref(target: string): string {
  return `/user/login?redirect=${encodeURIComponent(target)}`;
}
