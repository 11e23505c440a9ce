import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorEnvelope } from '../../../src/server/plugins/error-envelope';
import { installValidatorCompiler } from '../../../src/server/plugins/validator-compiler';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

describe('route dates are dates the code can use', () => {
  it('refuses what Date cannot read, after the standard format rule, in any route', async () => {
    const app = Fastify();
    installValidatorCompiler(app);
    installErrorEnvelope(app);
    const body = { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, day: { type: 'string', format: 'date' } } };
    app.post('/dates', { schema: { body } }, async () => ({ ok: true }));
    const status = async (payload: Record<string, string>): Promise<number> =>
      (await app.inject({ method: 'POST', url: '/dates', payload })).statusCode;
    // ajv-formats admits a leap second; Date does not.
    expect(await status({ at: '2026-12-31T23:59:60Z' })).toBe(400);
    // Nor year 0, which PostgreSQL has not (issue 34).
    expect(await status({ at: '0000-01-01T00:00:00Z' })).toBe(400);
    expect(await status({ day: '0000-01-01' })).toBe(400);
    // The standard rule still applies first.
    expect(await status({ at: '2026-12-31T24:00:00Z' })).toBe(400);
    expect(await status({ day: '2026-02-29' })).toBe(400);
    for (const at of ['2026-12-31T23:59:59Z', '2026-06-01T08:00:00+08:00', '2026-06-01T08:00:00.123456Z'])
      expect(await status({ at }), at).toBe(200);
    expect(await status({ day: '2028-02-29' })).toBe(200);
    await app.close();
  });
});

describe('the audit log list with a leap second in from or to', () => {
  let t: TestApp;
  let officer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    // The audit log is the audit administrator's (三权分立, ADR 0068).
    officer = await createLoggedInUser(t, 'auditor', 'auditAdmin');
  });
  afterAll(() => t?.close());

  const list = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/integrity/app/audit/list', headers: { ...officer.auth, ...headers }, payload });

  it('answers 400 on the field, where new Date() used to throw a 500', async () => {
    for (const field of ['from', 'to']) {
      const response = await list({ [field]: '2026-12-31T23:59:60Z' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        msg: '提交的信息有误，请检查后重试',
        errors: [{ path: field, keyword: 'format', params: { format: 'date-time' }, message: '请输入正确的日期时间' }],
      });
    }
    const english = await list({ from: '2026-12-31T23:59:60Z' }, { 'accept-language': 'en-US' });
    expect(english.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe('Please enter a valid date and time');
  });

  it('answers 400 on the field for year 0 or a moment beyond the database’s years, where PostgreSQL failed the query (issue 34)', async () => {
    for (const [field, value] of [
      ['from', '0000-01-01T00:00:00Z'],
      ['to', '0000-01-01T00:00:00Z'],
      ['from', '0001-01-01T00:00:00+08:00'],
      ['to', '9999-12-31T23:59:59-08:00'],
    ] as const) {
      const response = await list({ [field]: value });
      expect(response.statusCode, value).toBe(400);
      expect(response.json(), value).toEqual({
        code: 400,
        msg: '提交的信息有误，请检查后重试',
        errors: [{ path: field, keyword: 'format', params: { format: 'date-time' }, message: '请输入正确的日期时间' }],
      });
    }
    const english = await list({ from: '0000-01-01T00:00:00Z' }, { 'accept-language': 'en-US' });
    expect(english.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe('Please enter a valid date and time');
    expect((await list({ from: '0001-01-01T00:00:00Z', to: '9999-12-31T23:59:59Z' })).statusCode).toBe(200);
  });

  it('still lists with a real date', async () => {
    expect((await list({ from: '2026-01-01T00:00:00Z', to: '2026-12-31T23:59:59Z' })).statusCode).toBe(200);
  });
});
