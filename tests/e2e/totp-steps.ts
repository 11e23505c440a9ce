import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generate } from 'otplib';
import { demoTotpSecret } from '../../src/server/seed/demo-totp-secrets';
import { DEMO_USERS } from '../../src/server/seed/seed-demo-users';
import { DEFAULT_MFA_ROLES } from '../../src/server/services/roles/mfa-roles';

/**
 * The e2e side of the staff second factor (SECURITY R06, ADR 0067). A server refuses a TOTP time step an
 * account has used (replay), so the suite remembers, per (server, account), the newest step it spent, and
 * takes the next one the ±1-step window accepts, or waits for one. Remembered in a file of this run (next to
 * its data folders), so a restarted worker does not offer a step its server has seen; one worker per lane
 * writes to one server's entries at a time.
 */
const STEP_MS = 30_000;
const file = `${process.env['E2E_DATA_DIR'] ?? '.tmp/e2e-data'}-totp-steps.json`;

function readSteps(): Record<string, number> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The step to use for this account now, and how long to wait first (0 mostly). Marks it used. */
export function reserveTotpStep(baseURL: string, username: string, nowMs = Date.now()): { step: number; waitMs: number } {
  const key = `${baseURL} ${username}`;
  const steps = readSteps();
  const current = Math.floor(nowMs / STEP_MS);
  // The step before is still accepted until the current one ends: use it only with 5 s to spare.
  const lowest = (current + 1) * STEP_MS - nowMs > 5_000 ? current - 1 : current;
  const step = Math.max(lowest, (steps[key] ?? -Infinity) + 1);
  // Up to one step ahead is accepted; beyond it, wait until the step before it has begun.
  const waitMs = step > current + 1 ? (step - 1) * STEP_MS - nowMs + 1_000 : 0;
  writeFileSync(file, JSON.stringify({ ...steps, [key]: step }));
  return { step, waitMs };
}

/** The demo account's code for a time step, from the seed's secret. */
export function demoTotpCodeAt(username: string, step: number): Promise<string> {
  return generate({ secret: demoTotpSecret(username), epoch: step * (STEP_MS / 1000) });
}

/** The demo accounts the seed enrols (a role that needs a second factor): the suite knows their secrets. */
export const DEMO_STAFF: ReadonlySet<string> = new Set(
  DEMO_USERS.filter((user) => DEFAULT_MFA_ROLES.includes(user.role)).map((user) => user.username),
);

/** A demo account's phone, for an SMS second factor (an account granted a staff role, with no authenticator). */
export function demoPhoneOf(username: string): string | undefined {
  return DEMO_USERS.find((user) => user.username === username)?.phone ?? undefined;
}
