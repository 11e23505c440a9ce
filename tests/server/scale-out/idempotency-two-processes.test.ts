import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/services/auth/session-store';
import { createUser } from '../../../src/server/services/users/create-user';
import { startTwoServerProcesses, type TwoServerProcesses } from '../helpers/two-server-processes';
import { TEST_DATABASE_URL } from '../helpers/test-database';

const ROUNDS = 10;

async function create(base: string, token: string, key: string, payload: unknown) {
  const response = await fetch(`${base}/api/resources/catalog/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(payload),
  });
  return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', body: await response.text() };
}

/**
 * SECURITY R37 across processes (issue 34's acceptance, ADR 0064): the same create with one
 * Idempotency-Key sent at the same moment to two processes on one PostgreSQL, many times over. Every
 * time both get the same 200 answer (one of them replayed) and the database holds one record. The
 * key lives in the database, so the process that did not run the create still knows it.
 */
describe.skipIf(!TEST_DATABASE_URL)('Idempotency-Key on two processes', () => {
  let two: TwoServerProcesses;

  beforeAll(async () => {
    two = await startTwoServerProcesses('idempotency', 60_000);
  }, 180_000);

  afterAll(async () => {
    await two?.close();
  });

  it('makes one record of two concurrent creates with one key, every round', async () => {
    const id = await createUser(two.direct.db, {
      username: `idem_${Date.now().toString(36)}`,
      password: 'Kc-idempotency-9',
      fullname: '内容编辑',
      role: 'editor',
      orgName: '市科学技术委员会',
    });
    const token = await createSession(two.direct.db, id, new Date());
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const key = randomUUID();
      const payload = { name: `幂等并发${round}`, code: `idem-race-${round}`, kind: 'policy', sort: round };
      const answers = await Promise.all([create(two.a.url, token, key, payload), create(two.b.url, token, key, payload)]);
      outcomes.push(`${answers.map((answer) => answer.status).join('/')} replayed ${answers.filter((answer) => answer.replayed).length}`);
      expect(answers[0]?.body).toBe(answers[1]?.body);
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => '200/200 replayed 1'));
    const { rows } = await two.direct.executeSql(
      `SELECT data ->> 'code' AS code, count(*)::int AS n FROM records WHERE resource = 'catalog' AND data ->> 'code' LIKE 'idem-race-%' GROUP BY 1 ORDER BY 1`,
      [],
    );
    expect(rows).toHaveLength(ROUNDS);
    expect(rows.every((row) => (row as { n: number }).n === 1)).toBe(true);
  }, 120_000);
});
