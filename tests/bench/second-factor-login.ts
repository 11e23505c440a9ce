/**
 * What ADR 0067 costs a login, in figures (never asserted): the mean time of a password-only login (an applicant)
 * against a password plus TOTP login (an administrator: the login, then /mfa/verify), both in one run on one
 * embedded PGlite app through inject. Compare the two rows of one run; the machine's load moves both.
 *
 *   npx tsx tests/bench/second-factor-login.ts
 */
import { performance } from 'node:perf_hooks';
import { createUser } from '../../src/server/services/users/create-user';
import { nextTotpCode } from '../server/helpers/second-factor';
import { createTestApp } from '../server/helpers/test-app';

const N = Number(process.env['BENCH_LOGINS'] ?? 30);
const PASSWORD = 'Pw-bench-12345';

interface Answer {
  result?: { token?: string; mfa?: { token: string } };
  data?: { secret?: string };
}

const t = await createTestApp();
let address = 0;
const nextIp = (): string => {
  address += 1;
  return `10.1.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};
const login = async (username: string): Promise<Answer> =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      remoteAddress: nextIp(),
      payload: { username, password: PASSWORD, code: '2' },
    })
  ).json<Answer>();
const post = async (url: string, token: string, payload?: object): Promise<Answer> =>
  (
    await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextIp(),
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    })
  ).json<Answer>();

const applicants: string[] = [];
const admins: { username: string; secret: string }[] = [];
for (let i = 0; i < N; i += 1) {
  await createUser(t.db, { username: `applicantb${i}`, password: PASSWORD, fullname: 'b', role: 'applicant' });
  applicants.push(`applicantb${i}`);
  const username = `adminb${i}`;
  await createUser(t.db, { username, password: PASSWORD, fullname: 'b', role: 'admin' });
  const pending = (await login(username)).result?.mfa?.token ?? '';
  const secret = (await post('/api/sys/user/mfa/enrolment', pending)).data?.secret ?? '';
  await post('/api/sys/user/mfa/enrolment/confirm', pending, { code: await nextTotpCode(t.app, username, secret) });
  admins.push({ username, secret });
}
// The enrolment spent a step per account: start the timed logins on later steps.
t.clock.advance(60_000);

async function timed(label: string, run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  const ms = (performance.now() - start) / N;
  console.log(`${label}: ${ms.toFixed(1)} ms a login (mean of ${N})`);
  return ms;
}

const plain = await timed('applicant, password only', async () => {
  for (const username of applicants) if (!(await login(username)).result?.token) throw new Error('no token');
});
const twoStep = await timed('administrator, password + TOTP', async () => {
  for (const { username, secret } of admins) {
    const pending = (await login(username)).result?.mfa?.token ?? '';
    const verified = await post('/api/sys/user/mfa/verify', pending, { method: 'totp', code: await nextTotpCode(t.app, username, secret) });
    if (!verified.result?.token) throw new Error('second factor refused');
  }
});
console.log(`ratio ${(twoStep / plain).toFixed(2)}`);
await t.close();
