/**
 * Whether the user agreed to a notes page in this browser tab (resource.json pages "before"): kept
 * in sessionStorage, so a new visit reads the notes again. Storage that refuses (private mode, a
 * full quota) only means the notes show again.
 */
const KEY = (path: string): string => `kc-notes-agreed:${path}`;

export function hasAgreed(path: string): boolean {
  try {
    return sessionStorage.getItem(KEY(path)) === '1';
  } catch {
    return false;
  }
}

export function rememberAgreement(path: string, agreed: boolean): void {
  try {
    if (agreed) sessionStorage.setItem(KEY(path), '1');
    else sessionStorage.removeItem(KEY(path));
  } catch {
    // Nothing to keep it in: the form will ask again.
  }
}
