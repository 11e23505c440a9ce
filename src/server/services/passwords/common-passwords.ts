import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/project-root';

/**
 * The common-password list (SECURITY R01; npm run gen:passwords writes common-passwords.txt), read
 * once when the server loads this module: a missing or empty file stops the start rather than
 * letting every password through. A Set, so each check is one lookup.
 */
function loadCommonPasswords(): ReadonlySet<string> {
  const text = readFileSync(join(PROJECT_ROOT, 'src/server/services/passwords/common-passwords.txt'), 'utf8');
  const list = new Set(text.split('\n').filter((line) => line.length > 0));
  if (list.size === 0) throw new Error('common-passwords.txt is empty: run npm run gen:passwords');
  return list;
}

const COMMON_PASSWORDS = loadCommonPasswords();

/** Whether the password, lower-cased as the list is, is on it. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
