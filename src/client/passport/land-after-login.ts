import type { UserUnit } from '../../shared/generated/user-unit';
import { safeRedirect } from '../../shared/rules/safe-redirect';
import { fetchSessionUserInfo } from '../session/session-api';
import { storeUserUnit } from '../session/stored-user-unit';
import { fetchUserUnits, switchUnit } from './passport-api';

/** 工作台 (issue 31): where staff land after a login. */
export const WORKBENCH_PATH = '/workbench';

/**
 * What a login does about the user's unit (issue 31, spec §4's stored unit): with one unit, it is
 * chosen and stored at once, so the first navigation loads the 科研诚信 menu; with several, the user
 * chooses in a dialog; with none, the session goes on as before, dictionaries only.
 */
export type LoginUnitStep = { kind: 'none' } | { kind: 'chosen' } | { kind: 'choose'; units: UserUnit[] };

/** Makes `unit` the current one on the server (unless it already is) and stores it under the new token with isSelect 1. */
export async function chooseLoginUnit(token: string, unit: UserUnit): Promise<void> {
  const chosen = unit.current ? unit : (await switchUnit(unit.id, token)).unit;
  storeUserUnit({ token, isSelect: 1, id: chosen.id, name: chosen.name });
}

/** Right after the login answered, before the session starts. A failing unit list leaves the session as without units. */
export async function settleLoginUnit(token: string): Promise<LoginUnitStep> {
  const units = await fetchUserUnits(token).catch(() => []);
  const only = units.length === 1 ? units[0] : undefined;
  if (only) {
    // A failed choice (notified by the HTTP client) leaves the unit to the account centre.
    await chooseLoginUnit(token, only).catch(() => undefined);
    return { kind: 'chosen' };
  }
  return units.length === 0 ? { kind: 'none' } : { kind: 'choose', units };
}

/** The targets that only say "the start": a login that names one of these lands where the user's work is. */
function isDefaultLanding(target: string): boolean {
  return target === '/' || target === '/home';
}

/**
 * Where a login lands: the page it was asked to return to; otherwise the workbench for a user with
 * queues (user info `workbench`), else / as before (→ /home).
 */
export async function landingTarget(token: string, redirect: string | null): Promise<string> {
  const target = safeRedirect(redirect);
  if (!isDefaultLanding(target)) return target;
  const info = await fetchSessionUserInfo(token).catch(() => undefined);
  return info?.workbench === true ? WORKBENCH_PATH : target;
}
