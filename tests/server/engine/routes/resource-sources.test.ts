import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { writeAudit } from '../../../../src/server/services/audit/write-audit';
import { TEST_CLOCK_START } from '../../../fixtures/test-clock';
import { call, completeTinyGrant, makeSchemasDir, submit, type Envelope, type ViewBody } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, reopenSession, type TestUser } from '../../helpers/test-users';
import { auditedBy } from '../../modules/audit/audit-fixtures';

/**
 * 我的申报, 审核管理 and 操作日志 are list files of the product's resource folders whose records come
 * from a module's own table (resource.json `source`): the engine's list and transition routes over
 * the applications table and the audit log.
 */
const ACTIVITY = 'tiny-grant';
const CLOSED = {
  id: 'closed-grant',
  window: { opensAt: '2020-01-01T00:00:00+08:00', closesAt: new Date(TEST_CLOCK_START.getTime() + 3600_000).toISOString() },
};
const APPLICATIONS = '/api/resources/application';
const AUDIT_LOG = '/api/resources/audit-log/lists/all';

interface Page {
  total: number;
  records: RecordView[];
}

describe('resource folders over a module’s own table (application, audit-log)', () => {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;
  let reviewer: TestUser;
  let integrity: TestUser;
  let auditor: TestUser;
  let submitted: ViewBody;

  beforeAll(async () => {
    const schemas = await makeSchemasDir([{ id: ACTIVITY }, CLOSED]);
    cleanup = schemas.cleanup;
    t = await createTestApp({ schemasDir: schemas.dir });
    alice = await createLoggedInUser(t, 'alice');
    bob = await createLoggedInUser(t, 'bob');
    reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
    integrity = await createLoggedInUser(t, 'officer', 'integrity');
    auditor = await createLoggedInUser(t, 'auditor', 'auditAdmin');
    const ready = await completeTinyGrant(t, alice, ACTIVITY, 'Alice 的项目');
    submitted = (await submit(t, alice, ACTIVITY, ready.version)).json<Envelope<ViewBody>>().data;
    const closing = await completeTinyGrant(t, alice, CLOSED.id, 'Alice 的另一个项目');
    await submit(t, alice, CLOSED.id, closing.version);
    await completeTinyGrant(t, bob, ACTIVITY, 'Bob 的草稿');
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  const page = async (user: TestUser, url: string, payload: unknown = {}): Promise<Page> => {
    const response = await call(t, user, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Page>>().data;
  };

  it('我的申报: the caller’s own applications as rows, with what they may do on each', async () => {
    const mine = await page(alice, `${APPLICATIONS}/lists/mine`);
    expect(mine.total).toBe(2);
    const open = mine.records.find((record) => record.id === submitted.id);
    expect(open).toMatchObject({
      resource: 'application',
      status: 'submitted',
      version: submitted.version,
      editable: false,
      actions: ['withdraw'],
      data: { activityId: ACTIVITY, activityTitle: '小微创新券申领' },
    });
    expect(open?.data['submittedAt']).toEqual(expect.any(String));
    expect(mine.records.find((record) => record.data['activityId'] === CLOSED.id)?.actions).toEqual(['withdraw']);
    expect((await page(bob, `${APPLICATIONS}/lists/mine`)).records.map((record) => record.editable)).toEqual([true]);
  });

  it('审核管理: everyone’s submitted applications for application.query holders, never a draft', async () => {
    expect((await call(t, alice, 'POST', `${APPLICATIONS}/lists/review`, {})).statusCode).toBe(403);
    const review = await page(reviewer, `${APPLICATIONS}/lists/review`);
    expect(review.total).toBe(2);
    expect(review.records.every((record) => record.status === 'submitted' && record.data['applicantName'] === '测试用户alice')).toBe(true);
    // A reviewer cannot withdraw someone else's application from the list.
    expect(review.records.every((record) => (record.actions ?? []).length === 0)).toBe(true);
    expect((await page(reviewer, `${APPLICATIONS}/lists/review`, { status: 'approved' })).total).toBe(0);
    // The list file's states are the request's allowlist: a draft is not one of them.
    expect((await call(t, reviewer, 'POST', `${APPLICATIONS}/lists/review`, { status: 'draft' })).statusCode).toBe(400);
  });

  it('withdraws through the engine’s transition route: the owner only, at the version seen, audited', async () => {
    const url = `${APPLICATIONS}/transitions/withdraw`;
    expect((await call(t, bob, 'POST', url, { id: submitted.id, version: submitted.version })).statusCode).toBe(404);
    expect((await call(t, alice, 'POST', url, { id: submitted.id, version: submitted.version - 1 })).statusCode).toBe(409);
    const rows = await auditedBy(t, async () => {
      const response = await call(t, alice, 'POST', url, { id: submitted.id, version: submitted.version });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Envelope<RecordView>>()).toMatchObject({
        msg: '撤回成功',
        data: { id: submitted.id, status: 'draft', editable: true, actions: [] },
      });
    });
    expect(rows.map((row) => row.event)).toEqual(['APPLICATION_WITHDRAWN']);
    expect((await call(t, alice, 'POST', url, { id: submitted.id, version: submitted.version + 1 })).statusCode).toBe(409);
  });

  it('操作日志: the audit log for integrityLog.query holders (the audit administrator), the result as the row’s state, filtered by event and name', async () => {
    const at = new Date(TEST_CLOCK_START.getTime() + 5 * 60_000);
    await writeAudit(t.db, {
      event: 'LOGIN_FAILURE',
      result: 'failure',
      username: 'carol_src',
      ip: '10.2.2.2',
      reason: 'invalidCredentials',
      requestId: 'source-1',
      at,
    });
    await writeAudit(t.db, {
      event: 'APPLICATION_SUBMITTED',
      result: 'success',
      username: 'carol_src',
      ip: '10.2.2.2',
      objectType: 'application',
      objectId: 'a-1',
      requestId: 'source-2',
      at,
    });
    expect((await call(t, reviewer, 'POST', AUDIT_LOG, {})).statusCode).toBe(403);
    // Since ADR 0068 the log is the audit administrator's alone, the integrity officer's credit and repair views included.
    expect((await call(t, integrity, 'POST', AUDIT_LOG, {})).statusCode).toBe(403);
    const carol = await page(auditor, AUDIT_LOG, { username: 'CAROL_S' });
    expect(carol.total).toBe(2);
    expect(carol.records[0]).toMatchObject({
      resource: 'audit-log',
      status: 'success',
      data: { event: 'APPLICATION_SUBMITTED', object: '申报 a-1', ip: '10.2.2.2' },
    });
    const failures = await page(auditor, AUDIT_LOG, { username: 'carol_src', status: 'failure' });
    expect(failures.records.map((record) => [record.data['event'], record.data['reason']])).toEqual([
      ['LOGIN_FAILURE', 'invalidCredentials'],
    ]);
    expect((await page(auditor, AUDIT_LOG, { username: 'carol_src', event: 'LOGIN_FAILURE' })).total).toBe(1);
    expect((await page(auditor, AUDIT_LOG, { username: 'carol_src', event: 'NO_SUCH_EVENT' })).total).toBe(0);
    const english = await call(
      t,
      auditor,
      'POST',
      AUDIT_LOG,
      { username: 'carol_src', event: 'APPLICATION_SUBMITTED' },
      { 'accept-language': 'en-US' },
    );
    expect(english.json<Envelope<Page>>().data.records[0]?.data['object']).toBe('Application a-1');
  });

  // Last: it moves the app clock past the closing window.
  it('offers no withdraw once the window has closed by the server clock, and refuses one asked for', async () => {
    t.clock.advance(2 * 3600_000);
    const fresh = await reopenSession(t, alice);
    const row = (await page(fresh, `${APPLICATIONS}/lists/mine`)).records.find((record) => record.data['activityId'] === CLOSED.id);
    expect(row).toMatchObject({ status: 'submitted', actions: [] });
    const refused = await call(t, fresh, 'POST', `${APPLICATIONS}/transitions/withdraw`, { id: row?.id, version: row?.version });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'windowClosed' });
  });
});
