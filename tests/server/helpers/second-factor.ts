import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { demoTotpSecret } from '../../../src/server/seed/demo-totp-secrets';

/** The newest time step each app has accepted per account: a step is good once (replay, ADR 0067). */
const usedSteps = new WeakMap<FastifyInstance, Map<string, number>>();

/**
 * A TOTP code the app will accept now for a secret: the first step of the ±1 window later than any this
 * helper already spent for the account. The app's clock (a test clock) decides the step, not the wall's.
 */
export async function nextTotpCode(app: FastifyInstance, account: string, secret: string): Promise<string> {
  const steps = usedSteps.get(app) ?? new Map<string, number>();
  usedSteps.set(app, steps);
  const now = Math.floor(app.clock().getTime() / 1000);
  const current = Math.floor(now / 30);
  const step = Math.max(current - 1, (steps.get(account) ?? -Infinity) + 1);
  if (step > current + 1) throw new Error(`no unused TOTP step left for ${account} at this instant: advance the clock`);
  steps.set(account, step);
  return generate({ secret, epoch: step * 30 });
}

/** The second step of a demo staff login: the code from the seed's secret. */
export async function demoTotpCode(app: FastifyInstance, username: string): Promise<string> {
  return nextTotpCode(app, username, demoTotpSecret(username));
}
