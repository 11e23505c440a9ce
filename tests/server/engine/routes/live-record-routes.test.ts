import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rolePermissions } from '../../../../src/server/db/schema';
import { call, makeSchemasDir, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

interface RecordBody {
  id: string;
  status: string;
  version: number;
  data: Record<string, unknown>;
}
interface PageBody {
  total: number;
  records: RecordBody[];
}
interface UnitBody {
  version: string;
  files: Record<string, string>;
}
interface MenuRoute {
  path: string;
  children?: MenuRoute[];
}

const TEMPLATES = ['publication', 'review-with-return', 'two-level-review'] as const;
const nameOf = (template: string) => `lab-${template}`;
/** The state the owner's first transition leads to: where the staff list shows the record. */
const SUBMITTED: Record<(typeof TEMPLATES)[number], string> = {
  publication: 'published',
  'review-with-return': 'pending',
  'two-level-review': 'firstReview',
};

describe('record types created from the studio are served without a restart (ADR 0047)', () => {
  let schemas: { dir: string; cleanup: () => Promise<void> };
  let t: TestApp;
  let admin: TestUser;
  let reviewer: TestUser;
  let applicant: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    schemas = await makeSchemasDir([]);
    t = await createTestApp({ schemasDir: schemas.dir });
    admin = await createLoggedInUser(t, 'admin', 'admin');
    reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
    applicant = await createLoggedInUser(t, 'applicant', 'applicant');
    editor = await createLoggedInUser(t, 'editor', 'editor');
  });

  afterAll(async () => {
    await t.close();
    await schemas.cleanup();
  });

  it('is the administrator’s: the editor, who holds no schemaStudioResource, gets 403', async () => {
    const response = await call(t, editor, 'POST', '/api/studio/create', {
      kind: 'resource',
      name: 'not-editors',
      title: '编辑无权',
      from: { template: 'publication' },
    });
    expect(response.statusCode).toBe(403);
  });

  for (const template of TEMPLATES) {
    describe(`from the template ${template}`, () => {
      const name = nameOf(template);
      const base = `/api/resources/${name}`;
      let created: RecordBody;

      it('creates the folder: live, its files written, its permission granted and audited', async () => {
        const response = await call(t, admin, 'POST', '/api/studio/create', {
          kind: 'resource',
          name,
          title: '实验室预约',
          from: { template },
        });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<Envelope<UnitBody>>();
        expect(Object.keys(body.data.files).sort()).toEqual([
          'lists/all.list.json',
          'lists/mine.list.json',
          'record.schema.json',
          'resource.json',
          'workflow.json',
        ]);
        expect(await readFile(join(schemas.dir, 'resources', name, 'resource.json'), 'utf8')).toContain(`"name": "${name}"`);
        const permission = JSON.parse(body.data.files['resource.json'] ?? '{}').permission as string;
        const grants = await t.db.select().from(rolePermissions).where(eq(rolePermissions.permissionId, permission));
        const byRole = Object.fromEntries(grants.map((grant) => [grant.roleId, grant.actions]));
        expect(byRole['admin']).toContain('query');
        if (template === 'publication') expect(byRole['reviewer']).toBeUndefined();
        else expect(byRole['reviewer']).toEqual(['update', 'query', 'get']);
        const [audit] = await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.event, 'SCHEMA_CREATED'), eq(auditLog.objectId, `resource/${name}`)));
        expect(audit?.reason).toContain(`template:${template}`);
        expect(audit?.reason).toContain(permission);
      });

      it('serves its definition to anyone', async () => {
        const response = await call(t, undefined, 'GET', `${base}/definition`);
        expect(response.statusCode).toBe(200);
      });

      it('an applicant creates a record and reads it in the mine list and its detail', async () => {
        const response = await call(t, applicant, 'POST', `${base}/create`, { title: '周三上午使用光谱仪', description: '两小时' });
        expect(response.statusCode, response.body).toBe(200);
        created = response.json<Envelope<RecordBody>>().data;
        expect(created.status).toBe('draft');
        const mine = await call(t, applicant, 'POST', `${base}/lists/mine`, {});
        expect(mine.statusCode, mine.body).toBe(200);
        expect(mine.json<Envelope<PageBody>>().data.records.map((record) => record.id)).toEqual([created.id]);
        const detail = await call(t, applicant, 'GET', `${base}/detail?id=${created.id}`);
        expect(detail.statusCode, detail.body).toBe(200);
        expect(detail.json<Envelope<RecordBody>>().data.data).toMatchObject({ title: '周三上午使用光谱仪' });
      });

      it('refuses a record without its title: 400 naming the field', async () => {
        const response = await call(t, applicant, 'POST', `${base}/create`, { description: '没有标题' });
        expect(response.statusCode).toBe(400);
        expect(response.json<Envelope<unknown>>().errors?.map((error) => error.path)).toContain('title');
      });

      it('the owner updates the record; an anonymous caller gets 401', async () => {
        const response = await call(t, applicant, 'POST', `${base}/update`, {
          id: created.id,
          version: created.version,
          data: { title: '周三下午使用光谱仪' },
        });
        expect(response.statusCode, response.body).toBe(200);
        created = response.json<Envelope<RecordBody>>().data;
        expect(created.data).toMatchObject({ title: '周三下午使用光谱仪' });
        expect((await call(t, undefined, 'POST', `${base}/create`, { title: '匿名' })).statusCode).toBe(401);
      });

      it('the administrator reads it in the staff list once it leaves the private draft; a user without the permission gets 403', async () => {
        const draftOnly = await call(t, admin, 'POST', `${base}/lists/all`, {});
        expect(draftOnly.statusCode, draftOnly.body).toBe(200);
        expect(draftOnly.json<Envelope<PageBody>>().data.total).toBe(0);
        // The owner's first transition, served by the parametric transition route (ADR 0044) for a folder no start-up knew.
        const first = template === 'publication' ? 'publish' : 'submit';
        const moved = await call(t, applicant, 'POST', `${base}/transitions/${first}`, { id: created.id, version: created.version });
        expect(moved.statusCode, moved.body).toBe(200);
        created = moved.json<Envelope<RecordBody>>().data;
        expect(created.status).toBe(SUBMITTED[template]);
        const staff = await call(t, admin, 'POST', `${base}/lists/all`, {});
        expect(staff.statusCode, staff.body).toBe(200);
        expect(staff.json<Envelope<PageBody>>().data.records.map((record) => record.id)).toEqual([created.id]);
        expect((await call(t, applicant, 'POST', `${base}/lists/all`, {})).statusCode).toBe(403);
        const reviewerStaff = await call(t, reviewer, 'POST', `${base}/lists/all`, {});
        expect(reviewerStaff.statusCode).toBe(template === 'publication' ? 403 : 200);
      });

      it('the reviewers take it through the template’s review to its end; an applicant may not review', async () => {
        const steps = { publication: [], 'review-with-return': ['approve'], 'two-level-review': ['pass', 'approve'] }[template];
        for (const step of steps) {
          const path = `${base}/transitions/${step}`;
          expect((await call(t, applicant, 'POST', path, { id: created.id, version: created.version })).statusCode).toBe(403);
          const taken = await call(t, reviewer, 'POST', path, { id: created.id, version: created.version, note: '材料齐全' });
          expect(taken.statusCode, taken.body).toBe(200);
          created = taken.json<Envelope<RecordBody>>().data;
        }
        expect(created.status).toBe(template === 'publication' ? 'published' : 'approved');
      });

      it('puts the staff list in the holders’ menu, not in the applicant’s', async () => {
        const href = `/resources/${name}/lists/all`;
        const paths = async (user: TestUser) => {
          const routes = (await call(t, user, 'GET', '/api/integrity/app/user/routes')).json<Envelope<MenuRoute[]>>().data;
          const all: string[] = [];
          const walk = (list: MenuRoute[]) => list.forEach((route) => (all.push(route.path), walk(route.children ?? [])));
          walk(routes);
          return all;
        };
        expect(await paths(admin)).toContain(href);
        expect(await paths(applicant)).not.toContain(href);
      });

      it('the owner deletes a second record', async () => {
        const second = (await call(t, applicant, 'POST', `${base}/create`, { title: '待删除的预约' })).json<Envelope<RecordBody>>().data;
        const response = await call(t, applicant, 'POST', `${base}/delete`, { id: second.id, version: second.version });
        expect(response.statusCode, response.body).toBe(200);
        expect((await call(t, applicant, 'GET', `${base}/detail?id=${second.id}`)).statusCode).toBe(404);
      });
    });
  }

  it('is counted by a dashboard published after it, for whoever reads its list (reviewers), not for the applicant', async () => {
    const name = nameOf('review-with-return');
    const unit = (await call(t, admin, 'GET', '/api/studio/unit?kind=dashboard&name=commission')).json<Envelope<UnitBody>>().data;
    const file = 'commission.dashboard.json';
    const board = JSON.parse(unit.files[file] ?? '{}') as { widgets: Record<string, unknown>[] };
    board.widgets.push(
      { id: 'lab-approved', kind: 'counter', title: '已通过的实验室预约', resource: name, list: 'all', states: ['approved'] },
      { id: 'lab-by-state', kind: 'breakdown', title: '实验室预约状态', resource: name, list: 'all', by: 'status' },
    );
    const published = await call(t, admin, 'POST', '/api/studio/publish', {
      kind: 'dashboard',
      name: 'commission',
      files: { [file]: JSON.stringify(board, null, 2) },
      baseVersion: unit.version,
    });
    expect(published.statusCode, published.body).toBe(200);
    interface Figures {
      widgets: { id: string; value?: number; rows?: { key: string; value: number }[] }[];
    }
    const figures = (user: TestUser) => call(t, user, 'GET', '/api/dashboards/commission');
    const seen = (await figures(reviewer)).json<Envelope<Figures>>().data.widgets;
    // One record went through the review to approved (the template's test above); the draft of the applicant's second one was deleted.
    expect(seen.find((widget) => widget.id === 'lab-approved')?.value).toBe(1);
    expect(seen.find((widget) => widget.id === 'lab-by-state')?.rows).toContainEqual({ key: 'approved', label: '已通过', value: 1 });
    // A dashboard none of whose lists the viewer may read is not theirs to find.
    expect((await figures(applicant)).statusCode).toBe(404);
  });

  it('answers 404 for a folder that is not live, to everyone', async () => {
    expect((await call(t, undefined, 'POST', '/api/resources/no-such-thing/create', { title: '无' })).statusCode).toBe(404);
    expect(
      (await call(t, applicant, 'GET', '/api/resources/no-such-thing/detail?id=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    // A module's folder (source) has no record routes.
    expect((await call(t, admin, 'POST', '/api/resources/application/create', {})).statusCode).toBe(404);
  });

  it('refuses a copy that would need a restart (a source: a module keeps its records, named with why) and a name in use', async () => {
    const taken = await call(t, admin, 'POST', '/api/studio/create', {
      kind: 'resource',
      name: nameOf('publication'),
      title: '重名',
      from: { template: 'publication' },
    });
    expect(taken.statusCode).toBe(409);
    const copy = await call(t, admin, 'POST', '/api/studio/create', {
      kind: 'resource',
      name: 'business-copy',
      title: '业务副本',
      from: { copy: 'business' },
    });
    expect(copy.statusCode).toBe(400);
    const problems = copy.json<Envelope<{ problems: { file: string; pointer: string; message: string }[] }>>().data.problems;
    // Everything else a folder holds is live for a new one (ADRs 0049–0051); a source's records are a module's.
    expect(problems.map((problem) => problem.pointer)).toEqual(['/source']);
    expect(problems.every((problem) => problem.message.includes('重启'))).toBe(true);
  });

  it('copies a folder under a new name and permission', async () => {
    const response = await call(t, admin, 'POST', '/api/studio/create', {
      kind: 'resource',
      name: 'lab-copy',
      title: '实验室预约（副本）',
      from: { copy: nameOf('review-with-return') },
    });
    expect(response.statusCode, response.body).toBe(200);
    const resource = JSON.parse(response.json<Envelope<UnitBody>>().data.files['resource.json'] ?? '{}') as Record<string, unknown>;
    expect(resource).toMatchObject({ name: 'lab-copy', permission: 'labCopy', title: '实验室预约（副本）' });
    expect((await call(t, applicant, 'POST', '/api/resources/lab-copy/create', { title: '复制后的预约' })).statusCode).toBe(200);
  });

  it('retires a folder: no new record (403), its records still listed and read', async () => {
    const name = nameOf('review-with-return');
    const base = `/api/resources/${name}`;
    const version = (await call(t, admin, 'GET', `/api/studio/unit?kind=resource&name=${name}`)).json<Envelope<UnitBody>>().data.version;
    const retired = await call(t, admin, 'POST', '/api/studio/retire', { kind: 'resource', name, baseVersion: version });
    expect(retired.statusCode, retired.body).toBe(200);
    const refused = await call(t, applicant, 'POST', `${base}/create`, { title: '停用后新建' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<unknown>>().msg).toContain('已停用');
    const mine = await call(t, applicant, 'POST', `${base}/lists/mine`, {});
    expect(mine.statusCode).toBe(200);
    const [record] = mine.json<Envelope<PageBody>>().data.records;
    expect(record).toBeDefined();
    expect((await call(t, applicant, 'GET', `${base}/detail?id=${record?.id ?? ''}`)).statusCode).toBe(200);
  });
});
