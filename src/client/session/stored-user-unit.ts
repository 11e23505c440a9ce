import { readCookie, writeCookie } from './cookies';
import { TOKEN_LIFETIME_MS } from '../../shared/constants';

/** Spec §3 "a stored user unit with its token and an isSelect flag", kept in the `userUnit` cookie. */
export const USER_UNIT_COOKIE = 'userUnit';

export interface StoredUserUnit {
  /** The session token the unit was chosen under; another token means another login. */
  token: string;
  /** 1 once the user has chosen a unit (spec §3). */
  isSelect: 0 | 1;
  id?: string;
  name?: string;
}

function isStoredUserUnit(value: unknown): value is StoredUserUnit {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['token'] === 'string' && (candidate['isSelect'] === 0 || candidate['isSelect'] === 1);
}

/** The stored unit, or undefined when there is none or the cookie does not hold one. */
export function readStoredUserUnit(): StoredUserUnit | undefined {
  const raw = readCookie(USER_UNIT_COOKIE);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUserUnit(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the chosen unit for this token, as long as the token lives. */
export function storeUserUnit(unit: StoredUserUnit): void {
  writeCookie(USER_UNIT_COOKIE, JSON.stringify(unit), TOKEN_LIFETIME_MS / 1000);
}
