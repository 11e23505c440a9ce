import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLoggerOptions } from '../../src/server/lib/log-redaction';
import { createSession } from '../../src/server/services/auth/session-store';
import { createUser } from '../../src/server/services/users/create-user';
import { FORM, makeSchemasDir } from './helpers/activity-fixtures';
import { freshIp, lastSmsCode, sendSms } from './helpers/passport-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

const ACTIVITY = 'tiny-grant';
// The seeded personal data that must never reach the log, whatever goes wrong.
const PII = {
  phone: '13912345678',
  email: 'li.lei.private@example.com',
  idNumber: '11010519900101123X',
  password: 'Secret-Pass-2026',
  fullname: '李雷隐私',
};

/**
 * Issue 15 (SECURITY R30, R32, R35): a run that goes down every error path a request can take
 * (refusals, lockout, SMS codes, mail, a query that fails with an application in its parameters)
 * and then greps the whole log for the seeded values.
 */
describe('the server log holds no personal data, token, password or code', () => {
  const lines: string[] = [];
  let t: TestApp;
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let token = '';
  let smsCode = '';

  beforeAll(async () => {
    schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    t = await createTestApp({ schemasDir: schemas.dir, logger: serverLoggerOptions('debug', { write: (line) => void lines.push(line) }) });
    const id = await createUser(t.db, {
      username: 'lilei_log',
      password: PII.password,
      fullname: PII.fullname,
      role: 'applicant',
      phone: PII.phone,
      email: PII.email,
      orgName: '隐私测试科技有限公司',
    });
    token = await createSession(t.db, id, t.clock.now());
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await schemas?.cleanup();
  });

  it('goes down the error paths', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const inject = (options: InjectOptions) => t.app.inject(options);
    // A wrong password, then the right one.
    await inject({
      method: 'POST',
      url: '/api/sys/user/login',
      remoteAddress: freshIp(),
      payload: { username: 'lilei_log', password: 'wrong-password', code: '2' },
    });
    await inject({
      method: 'POST',
      url: '/api/sys/user/login',
      remoteAddress: freshIp(),
      payload: { username: 'lilei_log', password: PII.password, code: '2' },
    });
    // An SMS code to the phone, then a reset with a wrong code.
    expect((await sendSms(t, PII.phone, 'resetPassword')).statusCode).toBe(200);
    smsCode = (await lastSmsCode(t, PII.phone)) ?? '';
    expect(smsCode).toMatch(/^\d{6}$/);
    await inject({
      method: 'POST',
      url: '/api/oauth/resetPassword',
      remoteAddress: freshIp(),
      payload: { phone: PII.phone, smsCode: '000000', password: PII.password, confirmPassword: PII.password },
    });
    // Registration: an e-mail with an activation link.
    await sendSms(t, '13987654321', 'register');
    await inject({
      method: 'POST',
      url: '/api/oauth/register',
      remoteAddress: freshIp(),
      payload: {
        username: 'newbie_log',
        phone: '13987654321',
        email: PII.email,
        password: PII.password,
        confirmPassword: PII.password,
        smsCode: (await lastSmsCode(t, '13987654321')) ?? '',
      },
    });
    // Refusals carrying the data: a field error, a query string, a bad token, wrong JSON, a 404.
    await inject({
      method: 'POST',
      url: '/api/sys/person/message/create',
      headers: auth,
      payload: {
        messageType: '1',
        theme: PII.idNumber,
        name: PII.fullname,
        phone: PII.phone,
        email: 'not-an-email',
        content: PII.idNumber,
        code: 'x',
      },
    });
    await inject({ method: 'GET', url: `/api/sys/form/data/termNameExists?value=${PII.phone}&id=${PII.idNumber}`, headers: auth });
    await inject({ method: 'GET', url: `/api/no/such/${PII.phone}`, headers: auth });
    await inject({ method: 'GET', url: '/api/integrity/app/user/settings/info', headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    await inject({
      method: 'POST',
      url: `${FORM}/saveOrUpdate`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"phone":"${PII.phone}",`,
    });
    // A draft save that fails in the database with the whole application in its parameters.
    const first = await inject({ method: 'POST', url: `${FORM}/firstSaveFormData`, headers: auth, payload: { activityId: ACTIVITY } });
    const version = first.json<{ data: { version: number } }>().data.version;
    await t.app.database.close();
    const failed = await inject({
      method: 'POST',
      url: `${FORM}/saveOrUpdate`,
      headers: auth,
      payload: {
        activityId: ACTIVITY,
        step: 'basic',
        version,
        data: { projectName: `${PII.fullname} ${PII.phone} ${PII.idNumber} ${PII.email}` },
      },
    });
    expect(failed.statusCode).toBe(500);
    expect(lines.some((line) => line.includes('"level":50') && line.includes('request failed'))).toBe(true);
  });

  it('and the log has none of the seeded values', () => {
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(1000);
    for (const [name, value] of Object.entries({ ...PII, token, smsCode })) expect(log.includes(value), `${name} in the log`).toBe(false);
    // Masked, the phone is still there to correlate: 139****5678.
    expect(log).toContain('139****5678');
  });
});
