import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const LOGIN_URL = '/api/sys/user/login';

/** Eleven failed logins, each naming a different client in X-Forwarded-For. */
async function loginsWithForwardedFor(
  t: TestApp,
  remoteAddress: string,
  forwarded: (index: number) => string,
): Promise<LightMyRequestResponse[]> {
  const responses: LightMyRequestResponse[] = [];
  for (let index = 0; index < 11; index += 1) {
    responses.push(
      await t.app.inject({
        method: 'POST',
        url: LOGIN_URL,
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded(index) },
        payload: { username: `nobody${index}`, password: 'Wrong-pw-1', code: '2' },
      }),
    );
  }
  return responses;
}

/** Refused as a failed login (never a 5xx), but not for the rate limit. */
function notLimited(responses: LightMyRequestResponse[]): void {
  for (const response of responses) expect([400, 401]).toContain(response.statusCode);
}

describe('the client address behind a proxy (SECURITY R28)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: eleven logins from one socket hit the 10/min limit', async () => {
    t = await createTestApp();
    const responses = await loginsWithForwardedFor(t, '127.0.0.1', (index) => `1.2.3.${index + 1}`);
    notLimited(responses.slice(0, 10));
    const eleventh = responses[10];
    expect(eleventh?.statusCode).toBe(429);
    expect(Number(eleventh?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts per forwarded client with TRUST_PROXY, and only for requests from the trusted proxy', async () => {
    t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    // Through the proxy, eleven clients: each has its own budget.
    const viaProxy = await loginsWithForwardedFor(t, '127.0.0.1', (index) => `1.2.3.${index + 1}`);
    notLimited(viaProxy);
    // Through the proxy, one client: its own budget runs out. A client's own entry left of the proxy's
    // is not believed on its own; the proxy appends the address it saw.
    const oneClient = await loginsWithForwardedFor(t, '127.0.0.1', (index) => `9.9.9.${index + 1}, 5.6.7.8`);
    notLimited(oneClient.slice(0, 10));
    expect(oneClient[10]?.statusCode).toBe(429);
    // Straight from an untrusted address, the header is ignored: the socket is the key.
    const direct = await loginsWithForwardedFor(t, '10.20.30.40', (index) => `1.2.4.${index + 1}`);
    notLimited(direct.slice(0, 10));
    expect(direct[10]?.statusCode).toBe(429);
  });
});
