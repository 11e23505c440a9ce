import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/server/db/open-postgres';
import type { Database } from '../../../src/server/db/database';
import { createSession } from '../../../src/server/services/auth/session-store';
import { createUser } from '../../../src/server/services/users/create-user';
import { makeSchemasDir } from '../helpers/activity-fixtures';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { TEST_CAPTCHA } from '../helpers/test-app';
import { createScratchDatabase, TEST_DATABASE_URL } from '../helpers/test-database';

const ROUNDS = 20;

async function create(base: string, token: string, payload: unknown) {
  const response = await fetch(`${base}/api/resources/catalog/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as { errors?: { path: string; keyword: string }[] } };
}

/**
 * ADR 0052 across processes on PostgreSQL: the same x-unique value (catalog's code) created at the same
 * moment on two processes, many times over. Every time exactly one wins and the other gets the 400
 * field error; the database ends with one record per value. Without the lock both writes pass the
 * look-up before the write and both commit.
 */
describe.skipIf(!TEST_DATABASE_URL)('x-unique under simultaneous writes on two processes', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let schemas: Awaited<ReturnType<typeof makeSchemasDir>>;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let direct: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    schemas = await makeSchemasDir([]);
    const common = { DATABASE_URL: scratch.url, NODE_ENV: 'test', CAPTCHA_FIXED: TEST_CAPTCHA, SCHEMAS_DIR: schemas.dir };
    for (let i = 0; i < 2; i += 1) dataDirs.push(await mkdtemp(join(tmpdir(), `kc-unique-race-${i}-`)));
    [a, b] = await Promise.all([
      startServerProcess({ ...common, DATA_DIR: dataDirs[0] ?? '' }),
      startServerProcess({ ...common, DATA_DIR: dataDirs[1] ?? '' }),
    ]);
    direct = await openPostgres(scratch.url);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await direct?.close();
    await scratch?.dispose();
    await schemas?.cleanup();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('lets exactly one of each pair win, every round', async () => {
    // One editor per round: the create route's per-user rate limit would refuse one writer's 40 creates.
    const editor = async (round: number): Promise<string> => {
      const id = await createUser(direct.db, {
        username: `uniquerace_${round}_${Date.now().toString(36)}`,
        password: 'Kc-unique-race-9',
        fullname: '内容编辑',
        role: 'editor',
        orgName: '市科学技术委员会',
      });
      return createSession(direct.db, id, new Date());
    };
    const outcomes: number[][] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const code = `race-${round}`;
      const token = await editor(round);
      const answers = await Promise.all([
        create(a.url, token, { name: `并发甲${round}`, code, kind: 'policy', sort: round }),
        create(b.url, token, { name: `并发乙${round}`, code, kind: 'policy', sort: round }),
      ]);
      outcomes.push(answers.map((answer) => answer.status).sort());
      const refused = answers.find((answer) => answer.status === 400);
      if (refused) expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'code', keyword: 'x-unique' })]);
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => [200, 400]));
    const { rows } = await direct.executeSql(
      `SELECT data ->> 'code' AS code, count(*)::int AS n FROM records WHERE resource = 'catalog' AND data ->> 'code' LIKE 'race-%' GROUP BY 1 HAVING count(*) > 1`,
      [],
    );
    expect(rows).toEqual([]);
  }, 120_000);
});
