import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EVENTS, type AuditEvent } from '../../../../src/shared/audit/audit-events';
import {
  call,
  completeTinyGrant,
  FORM,
  makeSchemasDir,
  SAMPLE_FILES,
  submit,
  upload,
  type Envelope,
  type ViewBody,
} from '../../helpers/activity-fixtures';
import {
  createPhoneUser,
  fetchLoginCaptcha,
  freshIp,
  freshPhone,
  INFO_URL,
  lastSmsCode,
  loginAttempt,
  sendSms,
} from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';
import { auditedBy, type AuditRow } from './audit-fixtures';

const ACTIVITY = 'tiny-grant';
const AUDIT_LIST = '/api/integrity/app/audit/list';

interface Case {
  event: AuditEvent;
  /** Performs the event once, by inject; the setup it needs happens in `prepare`. */
  perform: (t: TestApp, prepared: Prepared) => Promise<{ statusCode: number }>;
  prepare?: (t: TestApp) => Promise<Prepared>;
  status: number;
  /** The fields this event must fill besides the ones every row has. */
  fields: (keyof AuditRow)[];
}

interface Prepared {
  user?: TestUser;
  reviewer?: TestUser;
  application?: ViewBody;
  phone?: string;
  code?: string;
  ip?: string;
}

const REGISTER_URL = '/api/oauth/register';
const REGISTER_PASSWORD = 'Reg-passw0rd';

/** Ten refused registrations from one address: the eleventh in the minute is over the route's limit. */
async function registrationsSpent(t: TestApp): Promise<Prepared> {
  const ip = freshIp();
  for (let attempt = 0; attempt < 10; attempt += 1)
    await t.app.inject({ method: 'POST', url: REGISTER_URL, remoteAddress: ip, payload: {} });
  return { ip };
}

const ACTOR: (keyof AuditRow)[] = ['userId', 'username', 'role'];
const ALWAYS: (keyof AuditRow)[] = ['id', 'at', 'ip', 'userAgent', 'event', 'result', 'requestId', 'prevHash', 'hash'];
const APPLICATION: (keyof AuditRow)[] = [...ACTOR, 'objectType', 'objectId'];

async function submittedApplication(t: TestApp): Promise<Prepared> {
  const user = await createLoggedInUser(t, 'applicant');
  // The project name is x-unique among submitted applications.
  const ready = await completeTinyGrant(t, user, ACTIVITY, `项目${user.username}`);
  const submitted = await submit(t, user, ACTIVITY, ready.version);
  if (submitted.statusCode !== 200) throw new Error(`submit failed: ${submitted.body}`);
  const application = submitted.json<Envelope<ViewBody>>().data;
  return { user, application, reviewer: await createLoggedInUser(t, 'reviewer', 'reviewer') };
}

function review(action: 'return' | 'approve' | 'reject'): Case['perform'] {
  return (t, { reviewer, application }) =>
    call(t, reviewer, 'POST', `${FORM}/review`, {
      applicationId: application?.id,
      action,
      version: application?.version,
      note: '请补充材料',
    });
}

const CASES: Case[] = [
  {
    event: 'LOGIN_SUCCESS',
    prepare: async (t) => ({ user: await createLoggedInUser(t, 'in') }),
    perform: (t, { user }) => loginAttempt(t, { username: user?.username ?? '', password: user?.password ?? '' }),
    status: 200,
    fields: ACTOR,
  },
  {
    event: 'LOGIN_FAILURE',
    prepare: async (t) => ({ user: await createLoggedInUser(t, 'wrong') }),
    perform: (t, { user }) => loginAttempt(t, { username: user?.username ?? '', password: 'Not-the-password-1' }),
    status: 401,
    fields: [...ACTOR, 'reason'],
  },
  {
    event: 'LOGIN_LOCKED',
    // Four failures first (a captcha from the third on); the fifth locks.
    prepare: async (t) => {
      const user = await createLoggedInUser(t, 'locked');
      for (let failure = 1; failure <= 4; failure += 1)
        await loginAttempt(t, { username: user.username, password: 'Not-the-password-1', withCaptcha: failure >= 3 });
      return { user };
    },
    perform: (t, { user }) => loginAttempt(t, { username: user?.username ?? '', password: 'Not-the-password-1', withCaptcha: true }),
    status: 401,
    fields: [...ACTOR, 'reason'],
  },
  {
    event: 'LOGOUT',
    prepare: async (t) => ({ user: await createLoggedInUser(t, 'out') }),
    perform: (t, { user }) => call(t, user, 'POST', '/api/sys/user/logout', {}),
    status: 200,
    fields: ACTOR,
  },
  {
    event: 'PASSWORD_CHANGED',
    prepare: async (t) => ({ user: await createLoggedInUser(t, 'change') }),
    perform: (t, { user }) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/sys/user/change-password',
        headers: user?.auth ?? {},
        payload: { oldPassword: user?.password, newPassword: 'Brand-new-pw-2026', confirmPassword: 'Brand-new-pw-2026' },
      }),
    status: 200,
    fields: [...ACTOR, 'objectType', 'objectId'],
  },
  {
    event: 'PASSWORD_RESET',
    prepare: async (t) => {
      const user = await createPhoneUser(t, 'reset');
      await sendSms(t, user.phone, 'resetPassword');
      return { phone: user.phone, code: (await lastSmsCode(t, user.phone)) ?? '' };
    },
    perform: (t, { phone, code }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/resetPassword',
        remoteAddress: freshIp(),
        payload: { phone, smsCode: code, password: 'Reset-pw-2026!', confirmPassword: 'Reset-pw-2026!' },
      }),
    status: 200,
    fields: [...ACTOR, 'objectType', 'objectId'],
  },
  {
    event: 'SESSION_TIMED_OUT',
    prepare: async (t) => {
      const user = await createLoggedInUser(t, 'idle');
      t.clock.advance(31 * 60_000);
      return { user };
    },
    perform: (t, { user }) => call(t, user, 'GET', INFO_URL),
    status: 401,
    fields: [...ACTOR, 'reason'],
  },
  {
    event: 'CAPTCHA_FAILED',
    perform: async (t) => {
      const ip = freshIp();
      const captchaId = await fetchLoginCaptcha(t, ip);
      return t.app.inject({
        method: 'POST',
        url: '/api/oauth/login',
        remoteAddress: ip,
        payload: { username: 'somebody', password: 'whatever-1A', code: '2', captchaId, captcha: 'wrong' },
      });
    },
    status: 400,
    fields: ['username', 'reason'],
  },
  {
    event: 'SMS_CODE_FAILED',
    prepare: async (t) => {
      const user = await createPhoneUser(t, 'smsfail');
      await sendSms(t, user.phone, 'resetPassword');
      return { phone: user.phone };
    },
    perform: (t, { phone }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/resetPassword',
        remoteAddress: freshIp(),
        payload: { phone, smsCode: '000000', password: 'Reset-pw-2026!', confirmPassword: 'Reset-pw-2026!' },
      }),
    status: 400,
    fields: ['objectType', 'objectId', 'reason'],
  },
  {
    event: 'ACCESS_DENIED',
    prepare: async (t) => ({ user: await createLoggedInUser(t, 'nosy') }),
    perform: (t, { user }) => call(t, user, 'POST', AUDIT_LIST, {}),
    status: 403,
    fields: [...ACTOR, 'action', 'objectType', 'objectId', 'reason'],
  },
  {
    event: 'APPLICATION_SUBMITTED',
    prepare: async (t) => {
      const user = await createLoggedInUser(t, 'submitter');
      return { user, application: await completeTinyGrant(t, user, ACTIVITY, `项目${user.username}`) };
    },
    perform: (t, { user, application }) => submit(t, user as TestUser, ACTIVITY, application?.version ?? 0),
    status: 200,
    fields: APPLICATION,
  },
  {
    event: 'APPLICATION_WITHDRAWN',
    prepare: submittedApplication,
    perform: (t, { user }) => call(t, user, 'POST', `${FORM}/withdraw`, { activityId: ACTIVITY }),
    status: 200,
    fields: APPLICATION,
  },
  {
    event: 'APPLICATION_RETURNED',
    prepare: submittedApplication,
    perform: review('return'),
    status: 200,
    fields: [...APPLICATION, 'action'],
  },
  {
    event: 'APPLICATION_APPROVED',
    prepare: submittedApplication,
    perform: review('approve'),
    status: 200,
    fields: [...APPLICATION, 'action'],
  },
  {
    event: 'APPLICATION_REJECTED',
    prepare: submittedApplication,
    perform: review('reject'),
    status: 200,
    fields: [...APPLICATION, 'action'],
  },
  {
    event: 'USER_REGISTERED',
    prepare: async (t) => {
      const phone = freshPhone();
      await sendSms(t, phone, 'register');
      return { phone, code: (await lastSmsCode(t, phone)) ?? '' };
    },
    perform: (t, { phone, code }) =>
      t.app.inject({
        method: 'POST',
        url: REGISTER_URL,
        remoteAddress: freshIp(),
        payload: {
          username: `reg${Date.now() % 1_000_000}`,
          password: REGISTER_PASSWORD,
          confirmPassword: REGISTER_PASSWORD,
          phone,
          smsCode: code,
          email: `reg${Date.now() % 1_000_000}@example.com`,
        },
      }),
    status: 200,
    fields: [...ACTOR, 'objectType', 'objectId'],
  },
  {
    event: 'FILE_UPLOADED',
    prepare: async (t) => ({ user: await createLoggedInUser(t, 'uploader') }),
    perform: (t, { user }) =>
      upload(
        t,
        user as TestUser,
        { activityId: ACTIVITY, step: 'files', field: 'license' },
        { filename: '营业执照.pdf', content: SAMPLE_FILES.pdf(300) },
      ),
    status: 200,
    fields: [...ACTOR, 'objectType', 'objectId', 'reason'],
  },
  {
    event: 'RATE_LIMITED',
    prepare: registrationsSpent,
    perform: (t, { ip }) => t.app.inject({ method: 'POST', url: REGISTER_URL, remoteAddress: ip, payload: {} }),
    status: 429,
    fields: ['objectType', 'objectId', 'reason'],
  },
];

describe('the audit log records each security event once (SECURITY R31)', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  it('has a case for every event type', () => {
    // The RECORD_*, RECORDS_* and DATA_INTEGRITY_VIOLATION events need a resource folder: tests/server/engine/routes/resource-engine.test.ts,
    // tests/server/resources/credit-import.test.ts and credit-seal.test.ts cover them. The AUDIT_* events come from no
    // request but from the scheduled jobs: tests/server/services/jobs/scheduled-jobs.test.ts. PI_VIEW is a resource folder's unmasked
    // view: tests/server/engine/routes/unmask-route.test.ts. SCHEMA_* come from the studio: tests/server/modules/studio/studio-routes.test.ts.
    // MFA_* need an enrolled authenticator: tests/server/modules/passport/second-factor.test.ts.
    const elsewhere = (event: string): boolean =>
      event.startsWith('RECORD') ||
      event.startsWith('MFA_') ||
      event.startsWith('AUDIT_') ||
      event.startsWith('SCHEMA_') ||
      event === 'DATA_INTEGRITY_VIOLATION' ||
      event === 'PI_VIEW';
    expect(CASES.map((entry) => entry.event).sort()).toEqual(AUDIT_EVENTS.filter((event) => !elsewhere(event)).sort());
  });

  for (const entry of CASES) {
    it(`${entry.event}: exactly one row, with the required fields`, async () => {
      const prepared = (await entry.prepare?.(t)) ?? {};
      let status = 0;
      const rows = await auditedBy(t, async () => {
        status = (await entry.perform(t, prepared)).statusCode;
      });
      expect(status).toBe(entry.status);
      expect(rows.map((row) => row.event)).toEqual([entry.event]);
      const row = rows[0] as AuditRow;
      for (const field of [...ALWAYS, ...entry.fields]) expect(row[field], field).not.toBeNull();
      expect(row.result).toBe(entry.status === 200 ? 'success' : 'failure');
      expect(row.userAgent).toBe('lightMyRequest');
      if (entry.event.startsWith('APPLICATION_'))
        expect(row).toMatchObject({ objectType: 'application', objectId: prepared.application?.id });
      if (['APPLICATION_RETURNED', 'APPLICATION_APPROVED', 'APPLICATION_REJECTED'].includes(entry.event))
        expect(row.action).toBe('application.update');
    });
  }

  it('records an upload by its id, type and size, and a registration by the new account', async () => {
    const user = await createLoggedInUser(t, 'uploader2');
    let fileId = '';
    const [uploaded] = await auditedBy(t, async () => {
      const response = await upload(
        t,
        user,
        { activityId: ACTIVITY, step: 'files', field: 'license' },
        { filename: '营业执照.pdf', content: SAMPLE_FILES.pdf(300) },
      );
      fileId = response.json<Envelope<{ id: string }>>().data.id;
    });
    expect(uploaded).toMatchObject({
      event: 'FILE_UPLOADED',
      userId: user.id,
      objectType: 'attachment',
      objectId: fileId,
      reason: 'type=pdf size=300',
    });
    expect(JSON.stringify(uploaded)).not.toContain('营业执照');
  });

  it('writes one RATE_LIMITED row per address and route a minute, however many refusals', async () => {
    const { ip } = await registrationsSpent(t);
    const rows = await auditedBy(t, async () => {
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await t.app.inject({ method: 'POST', url: REGISTER_URL, remoteAddress: ip, payload: {} })).statusCode).toBe(429);
    });
    expect(rows).toEqual([
      expect.objectContaining({
        event: 'RATE_LIMITED',
        ip,
        objectType: 'route',
        objectId: `POST ${REGISTER_URL}`,
        reason: 'tooManyRequests',
      }),
    ]);
    t.clock.advance(61_000);
    const later = await auditedBy(t, async () => {
      for (let attempt = 0; attempt < 11; attempt += 1)
        await t.app.inject({ method: 'POST', url: REGISTER_URL, remoteAddress: ip, payload: {} });
    });
    expect(later.map((row) => row.event)).toEqual(['RATE_LIMITED']);
  });

  it('names the failed check and the route on ACCESS_DENIED, and masks the phone on SMS_CODE_FAILED', async () => {
    const reviewer = await createLoggedInUser(t, 'peek', 'reviewer');
    const [denied] = await auditedBy(t, () => call(t, reviewer, 'POST', AUDIT_LIST, {}));
    expect(denied).toMatchObject({
      event: 'ACCESS_DENIED',
      action: 'integrityLog.query',
      objectType: 'route',
      objectId: `POST ${AUDIT_LIST}`,
      userId: reviewer.id,
      role: 'reviewer',
    });
    const user = await createPhoneUser(t, 'mask');
    await sendSms(t, user.phone, 'resetPassword');
    const [failed] = await auditedBy(t, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/resetPassword',
        remoteAddress: freshIp(),
        payload: { phone: user.phone, smsCode: '999999', password: 'Reset-pw-2026!', confirmPassword: 'Reset-pw-2026!' },
      }),
    );
    expect(failed?.objectId).toBe(`${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`);
    expect(JSON.stringify(failed)).not.toContain(user.phone);
  });
});
