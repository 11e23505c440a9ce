import { and, eq, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../../src/server/db/schema';
import { workflowRecordProblems } from '../../../../src/server/engine/units/workflow-record-problems';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { needData } from '../../helpers/resource-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

const STUDIO = '/api/studio';
const FOLDER = 'need';
const BASE = '/api/resources/need';

type Json = Record<string, unknown>;
interface Unit {
  version: string;
  files: Record<string, string>;
}
interface Workflow {
  initial: string;
  states: Record<string, Json>;
  transitions: Record<string, Json>;
}
interface RecordView {
  id: string;
  version: number;
  status: string;
  actions?: string[];
}
interface Problem {
  file: string;
  pointer: string;
  message: string;
}

/*
 * ADR 0044: a studio publication changes a folder's workflow in the running process: the transition
 * routes read the live workflow at each request, a transition added live is taken on the parametric
 * route, one removed is a 404, a changed permission is checked at once; what stored records or the
 * roles refuse is refused with the reason, not "restart".
 */
describe('workflows published live', () => {
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let otherSchemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  let t: TestApp;
  let other: TestApp;
  let admin: TestUser;
  let reviewer: TestUser;
  let applicant: TestUser;
  let approvedId = '';

  const unit = async (): Promise<Unit> =>
    (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=${FOLDER}`)).json<Envelope<Unit>>().data;
  const withWorkflow = (files: Record<string, string>, edit: (workflow: Workflow) => void): Record<string, string> => {
    const workflow = JSON.parse(files['workflow.json'] ?? '{}') as Workflow;
    edit(workflow);
    return { ...files, 'workflow.json': JSON.stringify(workflow, null, 2) };
  };
  const publish = async (edit: (workflow: Workflow) => void, editFiles: (files: Record<string, string>) => void = () => undefined) => {
    const current = await unit();
    return call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name: FOLDER,
      files: (() => {
        const files = withWorkflow(current.files, edit);
        editFiles(files);
        return files;
      })(),
      baseVersion: current.version,
    });
  };
  const publishOk = async (edit: (workflow: Workflow) => void): Promise<void> => {
    const published = await publish(edit);
    expect(published.statusCode, published.body).toBe(200);
  };
  const problems = async (edit: (workflow: Workflow) => void): Promise<Problem[]> => {
    const current = await unit();
    const checked = await call(t, admin, 'POST', `${STUDIO}/check`, {
      kind: 'resource',
      name: FOLDER,
      files: withWorkflow(current.files, edit),
    });
    expect(checked.statusCode, checked.body).toBe(200);
    return checked.json<Envelope<{ problems: Problem[] }>>().data.problems;
  };
  const current = async (id: string, reader = admin): Promise<RecordView> =>
    (await call(t, reader, 'GET', `${BASE}/detail?id=${id}`)).json<Envelope<RecordView>>().data;
  /** A need of the applicant's, pending review; the need form asks for a captcha, kept per user. */
  const createNeed = async () => {
    expect((await call(t, applicant, 'GET', `${BASE}/captcha`)).statusCode).toBe(200);
    return call(t, applicant, 'POST', `${BASE}/create`, needData());
  };
  const take = (user: TestUser | undefined, transition: string, record: { id: string; version: number }, app = t) =>
    call(app, user, 'POST', `${BASE}/transitions/${transition}`, { id: record.id, version: record.version });

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    otherSchemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    // A second process on the same database, with its own copy of the files: it learns of a publication from the database alone.
    other = await createTestApp({ schemasDir: otherSchemas.dir, shareDatabaseOf: t });
    admin = await createLoggedInUser(t, 'flowadmin', 'admin');
    reviewer = await createLoggedInUser(t, 'flowreviewer', 'reviewer');
    applicant = await createLoggedInUser(t, 'flowapplicant', 'applicant');
    const created = await createNeed();
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<Envelope<RecordView>>().data;
    const approved = await take(reviewer, 'approve', record);
    expect(approved.statusCode, approved.body).toBe(200);
    approvedId = record.id;
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await schemas?.cleanup();
    await otherSchemas?.cleanup();
  });

  it('serves a transition added by a publication on the parametric route, with the static route checks, audit and history', async () => {
    const record = await current(approvedId);
    expect((await take(reviewer, 'archive', record)).statusCode).toBe(404);
    await publishOk((workflow) => {
      workflow.states['archived'] = { title: '已归档', locale: { 'en-US': { title: 'Archived' } } };
      workflow.transitions['archive'] = {
        title: '归档',
        from: ['approved'],
        to: 'archived',
        actor: 'reviewer',
        permission: 'update',
        note: 'required',
      };
    });
    // The live access: a visitor is 401, a user without need.update 403 (with its audit row), as a static route answers.
    expect((await take(undefined, 'archive', record)).statusCode).toBe(401);
    expect((await take(applicant, 'archive', record)).statusCode).toBe(403);
    // Its note rule and the version hold (400, 409).
    const noNote = await call(t, reviewer, 'POST', `${BASE}/transitions/archive`, { id: record.id, version: record.version });
    expect(noNote.statusCode).toBe(400);
    const stale = await call(t, reviewer, 'POST', `${BASE}/transitions/archive`, {
      id: record.id,
      version: record.version + 5,
      note: '到期',
    });
    expect(stale.statusCode).toBe(409);
    const offered = (await call(t, reviewer, 'GET', `${BASE}/detail?id=${record.id}`)).json<Envelope<RecordView>>().data;
    expect(offered.actions ?? []).toContain('archive');
    const archived = await call(t, reviewer, 'POST', `${BASE}/transitions/archive`, {
      id: record.id,
      version: record.version,
      note: '到期归档',
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<Envelope<RecordView>>().data.status).toBe('archived');
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'RECORD_TRANSITIONED'), eq(auditLog.objectId, record.id)));
    expect(audited.map((row) => row.action)).toContain('archive');
    const denied = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'ACCESS_DENIED'), eq(auditLog.action, 'need.update')));
    expect(denied.length).toBeGreaterThan(0);

    // The other process serves it once it has polled the database.
    await other.app.schemaSync.poll();
    await publishOk((workflow) => {
      workflow.transitions['reopen'] = { title: '重新发布', from: ['archived'], to: 'approved', actor: 'reviewer', permission: 'update' };
    });
    const now = await current(record.id);
    expect((await take(reviewer, 'reopen', now, other)).statusCode).toBe(404);
    await other.app.schemaSync.poll();
    const reopened = await take(reviewer, 'reopen', now, other);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<Envelope<RecordView>>().data.status).toBe('approved');
  });

  it('answers 404 on a static route whose transition a publication removed, and serves it again when it is put back', async () => {
    const created = await createNeed();
    const record = created.json<Envelope<RecordView>>().data;
    const refusedTogether = await problems((workflow) => {
      delete workflow.transitions['recall'];
    });
    // The alias names the transition: the folder check refuses removing one without the other.
    expect(refusedTogether.length).toBeGreaterThan(0);

    // A transition no alias names: submit (recalled/rejected → pending); those states then wait for nobody.
    const before = (await unit()).files;
    const removed = await publish(
      (workflow) => {
        delete workflow.transitions['submit'];
        for (const state of ['recalled', 'rejected']) delete workflow.states[state]?.['waitsFor'];
      },
      (files) => {
        // The owner's list offers it as a row action: it goes too.
        const mine = JSON.parse(files['lists/mine.list.json'] ?? '{}') as { rowActions: string[] };
        mine.rowActions = mine.rowActions.filter((action) => action !== 'submit');
        files['lists/mine.list.json'] = JSON.stringify(mine);
      },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const recalled = await call(t, applicant, 'GET', `/api/sys/person/need/recallNeed?id=${record.id}`);
    expect(recalled.statusCode, recalled.body).toBe(200);
    // A recalled need is private: its owner reads it.
    const now = await current(record.id, applicant);
    expect(now.status).toBe('recalled');
    expect((await take(applicant, 'submit', now)).statusCode).toBe(404);
    expect((await take(undefined, 'submit', now)).statusCode).toBe(404);
    const putBack = await publish(
      () => undefined,
      (files) => Object.assign(files, before),
    );
    expect(putBack.statusCode, putBack.body).toBe(200);
    const submitted = await take(applicant, 'submit', now);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<Envelope<RecordView>>().data.status).toBe('pending');
  });

  it("checks a transition's new permission at once: the old holder without it is refused, a holder of the new one takes it", async () => {
    const created = await createNeed();
    const record = created.json<Envelope<RecordView>>().data;
    // need.export: the administrator holds it (every action of every folder's id), the reviewer role does not.
    await publishOk((workflow) => {
      // The decide alias's choices share their actor and permission (the folder check): both move.
      for (const name of ['approve', 'reject']) workflow.transitions[name] = { ...workflow.transitions[name], permission: 'export' };
    });
    expect((await take(reviewer, 'approve', record)).statusCode).toBe(403);
    // The decide alias follows the live transition too: its chosen transition's access is checked again.
    const decided = await call(t, reviewer, 'POST', '/api/sys/person/need/auditNeed', {
      id: record.id,
      version: record.version,
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(403);
    const approved = await take(admin, 'approve', record);
    expect(approved.statusCode, approved.body).toBe(200);
    await publishOk((workflow) => {
      for (const name of ['approve', 'reject']) workflow.transitions[name] = { ...workflow.transitions[name], permission: 'update' };
    });
  });

  it('refuses a permission no role holds, naming it and 角色管理', async () => {
    await t.db.execute(sql`UPDATE role_permissions SET actions = array_remove(actions, 'disable') WHERE permission_id = 'need'`);
    const refused = await problems((workflow) => {
      workflow.transitions['withdraw'] = { title: '下架', from: ['approved'], to: 'rejected', actor: 'reviewer', permission: 'disable' };
    });
    expect(refused).toEqual([
      {
        file: 'resources/need/workflow.json',
        pointer: '/transitions/withdraw/permission',
        message: expect.stringMatching(/need\.disable.*角色管理/),
      },
    ]);
    const published = await publish((workflow) => {
      workflow.transitions['withdraw'] = { title: '下架', from: ['approved'], to: 'rejected', actor: 'reviewer', permission: 'disable' };
    });
    expect(published.statusCode).toBe(400);
  });

  it('refuses removing a state records are in, with their count, and renaming the initial state while records exist', async () => {
    // A need archived: the state added live in the first test now holds records.
    const record = (await createNeed()).json<Envelope<RecordView>>().data;
    expect((await take(reviewer, 'approve', record)).statusCode).toBe(200);
    const approved = await current(record.id);
    const archived = await call(t, reviewer, 'POST', `${BASE}/transitions/archive`, {
      id: record.id,
      version: approved.version,
      note: '到期',
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const removed = await problems((workflow) => {
      delete workflow.states['archived'];
      delete workflow.transitions['archive'];
      delete workflow.transitions['reopen'];
    });
    expect(removed).toEqual([
      {
        file: 'resources/need/workflow.json',
        pointer: '/states',
        message: expect.stringContaining('"已归档"（archived） 中还有 1 条记录，不能删除'),
      },
    ]);
    expect(JSON.stringify(removed)).not.toContain('重启');

    // Renamed with every file that names it (the lists, resource.json's visitors), the database still refuses it: each
    // stored record's history starts there. Weighed here on its own, as the studio's check asks it once the files agree.
    const live = t.app.resources.get(FOLDER);
    if (!live) throw new Error('need is not live');
    const workflow = JSON.parse(JSON.stringify(live.workflow)) as Workflow;
    workflow.states['waiting'] = workflow.states['pending'] ?? {};
    delete workflow.states['pending'];
    workflow.initial = 'waiting';
    for (const transition of Object.values(workflow.transitions)) {
      transition['from'] = (transition['from'] as string[]).map((state) => (state === 'pending' ? 'waiting' : state));
      if (transition['to'] === 'pending') transition['to'] = 'waiting';
    }
    const renamed = await workflowRecordProblems(t.db, live, { ...live, workflow: workflow as unknown as typeof live.workflow });
    expect(renamed).toContainEqual(expect.objectContaining({ pointer: '/initial', message: expect.stringContaining('不能改名或删除') }));
  });
  it('lets a folder on a shared workflow take a workflow of its own, checked the same way', async () => {
    const current = (await call(t, admin, 'GET', `${STUDIO}/unit?kind=resource&name=showcase`)).json<Envelope<Unit>>().data;
    const { workflow: shared, ...resource } = JSON.parse(current.files['resource.json'] ?? '{}') as Json;
    expect(shared).toBe('publication');
    const workflow = JSON.parse(await readFile(join(REPO_SCHEMAS_DIR, 'workflows', 'publication.workflow.json'), 'utf8')) as Workflow;
    workflow.transitions['feature'] = { title: '设为推荐', from: ['published'], actor: 'reviewer', permission: 'update' };
    const published = await call(t, admin, 'POST', `${STUDIO}/publish`, {
      kind: 'resource',
      name: 'showcase',
      files: { ...current.files, 'resource.json': JSON.stringify(resource, null, 2), 'workflow.json': JSON.stringify(workflow, null, 2) },
      baseVersion: current.version,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(t.app.resources.get('showcase')?.workflow.transitions['feature']).toBeDefined();
    // Served at once: an unknown record is the record check's 404, not the route's; a visitor is asked to sign in.
    const unknown = { id: '00000000-0000-4000-8000-000000000000', version: 1 };
    expect((await call(t, undefined, 'POST', '/api/resources/showcase/transitions/feature', unknown)).statusCode).toBe(401);
    expect((await call(t, applicant, 'POST', '/api/resources/showcase/transitions/feature', unknown)).statusCode).toBe(403);
  });
});
