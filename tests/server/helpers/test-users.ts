import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createSession } from '../../../src/server/services/auth/session-store';
import { createUser } from '../../../src/server/services/users/create-user';
import { demoTotpCode } from './second-factor';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  username: string;
  password: string;
  token: string;
  /** Headers that authenticate as this user. */
  auth: { authorization: string };
}

/**
 * Logs in through the route; a demo staff account (SECURITY R06) gives its second factor from the seed's secret.
 */
export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/sys/user/login', payload: { username, password, code: '2' } });
  const body = response.json<{ result?: { token?: string; mfa?: { token: string } } }>();
  const mfa = body.result?.mfa;
  if (mfa) {
    const verified = await app.inject({
      method: 'POST',
      url: '/api/sys/user/mfa/verify',
      headers: { authorization: `Bearer ${mfa.token}` },
      payload: { method: 'totp', code: await demoTotpCode(app, username) },
    });
    const token = verified.json<{ result?: { token?: string } }>().result?.token;
    if (verified.statusCode !== 200 || !token) throw new Error(`second factor of ${username} failed: ${verified.body}`);
    return token;
  }
  const token = body.result?.token;
  if (response.statusCode !== 200 || !token) throw new Error(`login as ${username} failed: ${response.body}`);
  return token;
}

/**
 * A new user with a unique name and a live session. The session is opened directly (the login route
 * has its own tests) to save an argon2 verification per user.
 */
export async function createLoggedInUser(testApp: TestApp, prefix = 'user', role = 'applicant'): Promise<TestUser> {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  const password = `Pw-${randomBytes(6).toString('hex')}`;
  const id = await createUser(testApp.db, { username, password, fullname: `测试用户${prefix}`, role, orgName: '测试科技有限公司' });
  const token = await createSession(testApp.db, id, testApp.clock.now());
  return { id, username, password, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * The same user with a new session opened now: for a test that moves the app clock further than the
 * idle timeout (ADR 0008) and still needs the user logged in.
 */
export async function reopenSession(testApp: TestApp, user: TestUser): Promise<TestUser> {
  const token = await createSession(testApp.db, user.id, testApp.clock.now());
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}
