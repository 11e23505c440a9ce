import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import type { Dashboard } from '../../src/shared/generated/dashboard';
import type { RecordView } from '../../src/shared/generated/record-view';
import { stripJsonComments } from '../fixtures/doc-activity-example';
import { call, financingData } from '../server/helpers/resource-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../server/helpers/test-app';
import { createLoggedInUser } from '../server/helpers/test-users';

const GUIDE = path.resolve(import.meta.dirname, '../../docs/schema-authoring.md');

/** docs/schema-authoring.md §13's example, as a content administrator would copy it. */
async function guideExample(): Promise<unknown> {
  const guide = await readFile(GUIDE, 'utf8');
  const section = guide.slice(guide.indexOf('## 13. 统计看板'));
  const block = /```jsonc\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  return JSON.parse(stripJsonComments(block));
}

let dir = '';
let t: TestApp | undefined;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-doc-dashboard-'));
  await cp(REPO_SCHEMAS_DIR, dir, { recursive: true });
  await writeFile(path.join(dir, 'dashboards/financing.dashboard.json'), JSON.stringify(await guideExample(), null, 2));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the dashboard example in docs/schema-authoring.md §13', () => {
  it('passes schemas:check as written', async () => {
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([]);
  });

  it('gives a reviewer the figures the guide describes', async () => {
    t = await createTestApp({ schemasDir: dir });
    const applicant = await createLoggedInUser(t, 'applicant');
    const reviewer = await createLoggedInUser(t, 'reviewer', 'reviewer');
    const created = (await call<RecordView>(t, applicant, 'POST', '/api/sys/person/apply/create', financingData())).body.data;
    await call(t, applicant, 'POST', '/api/resources/financing/transitions/submit', { id: created.id, version: created.version });
    const board = (await call<Dashboard>(t, reviewer, 'GET', '/api/dashboards/financing')).body.data;
    expect(board.title).toBe('融资看板');
    expect(board.widgets.map((widget) => [widget.id, widget.value])).toEqual([
      ['waiting', 1],
      ['loan-amount', 0],
      ['by-kind', 1],
      ['by-month', 1],
      ['top-companies', 1],
    ]);
    expect(board.widgets[2]?.rows.map((row) => row.label)).toEqual(['金融超市贷款', '股权融资', '投资机构入驻']);
    expect(board.widgets[3]?.rows).toHaveLength(6);
    expect((await call(t, applicant, 'GET', '/api/dashboards/financing')).status).toBe(404);
  });
});
