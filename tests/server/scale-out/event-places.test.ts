import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import { openPostgres } from '../../../src/server/db/open-postgres';
import { records } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/services/auth/session-store';
import { createUser } from '../../../src/server/services/users/create-user';
import { linkUserUnit, selectUserUnit } from '../../../src/server/services/users/user-units';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { REPO_SCHEMAS_DIR, TEST_CAPTCHA } from '../helpers/test-app';
import { createScratchDatabase, TEST_DATABASE_URL } from '../helpers/test-database';

interface Answer {
  status: number;
  body: { code: number; msg: string; data: { id: string; version: number; captchaId: string }; errors?: unknown[] };
}

async function send(base: string, path: string, headers: Record<string, string> = {}, payload?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: payload === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const RULES_FIXTURES = fileURLToPath(new URL('../../fixtures/record-rules', import.meta.url));
const EVENT_FULL = { path: 'eventId', keyword: 'targetCapacity', message: '活动名额已满，无法再报名' };
const SEMINAR_FULL = { path: 'seminarCode', keyword: 'targetCapacity', message: '这场研讨会的名额已满' };

/**
 * Issue 30 item 5: a target's places (resource.json target.capacity) hold across two server
 * processes on one PostgreSQL, where each process has its own connections and shares nothing in
 * memory. A write taking a place locks the target's row in its transaction and counts after the lock,
 * so writes sent at once to both processes take exactly the places there are; the others are refused
 * on the target field in the folder's words.
 */
describe.skipIf(!TEST_DATABASE_URL)('the places of a target, taken from two server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let schemasDir: string;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let direct: Database;
  let serial = 0;

  /** A user of the role with a session, and when named, a current unit. */
  async function user(role: string, unit?: string): Promise<Record<string, string>> {
    serial += 1;
    const id = await createUser(direct.db, {
      username: `places_${serial}_${Date.now().toString(36)}`,
      password: 'Kc-places-user-9',
      fullname: '名额测试',
      role,
      orgName: unit ?? '市科学技术委员会',
    });
    if (unit !== undefined) await selectUserUnit(direct.db, id, await linkUserUnit(direct.db, id, unit));
    return { authorization: `Bearer ${await createSession(direct.db, id, new Date())}` };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // The portal's folders and the record-rules fixtures (a seminar and its sign-ups, with a withdrawn state).
    schemasDir = await mkdtemp(join(tmpdir(), 'kc-places-schemas-'));
    await cp(REPO_SCHEMAS_DIR, schemasDir, { recursive: true });
    await cp(RULES_FIXTURES, join(schemasDir, 'resources'), { recursive: true });
    for (let i = 0; i < 2; i += 1) dataDirs.push(await mkdtemp(join(tmpdir(), `kc-places-${i}-`)));
    const common = { DATABASE_URL: scratch.url, NODE_ENV: 'test', CAPTCHA_FIXED: TEST_CAPTCHA, SCHEMAS_DIR: schemasDir };
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
    await rm(schemasDir, { recursive: true, force: true });
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  describe("an event's sign-ups (the demo's event-signup)", () => {
    let editor: Record<string, string>;
    let phone = 13_700_000_000;
    beforeAll(async () => {
      editor = await user('editor');
    });

    /** A published event starting tomorrow with so many places, made on one process and published on the other. */
    async function event(capacity: number): Promise<string> {
      const startsAt = new Date(Date.now() + 24 * 3_600_000);
      const made = await send(a.url, '/api/resources/event/create', editor, {
        title: `名额测试：硬科技项目投融资路演（${capacity}个名额）`,
        kind: 'roadshow',
        host: '江城市科技金融服务中心',
        district: 'gx',
        address: '江城市高新大道666号创新大厦三楼报告厅',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3 * 3_600_000).toISOString(),
        capacity,
        intro: '十个硬科技初创项目现场路演，邀请创业投资机构点评并开展一对一对接。',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const published = await send(b.url, '/api/resources/event/transitions/publish', editor, {
        id: made.body.data.id,
        version: made.body.data.version,
      });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      return made.body.data.id;
    }

    /** Visitors' sign-ups, alternately to each process, each with a captcha fetched from the other one, all sent at once. */
    async function signUpAtOnce(eventId: string, n: number): Promise<Answer[]> {
      const bases = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? a.url : b.url));
      const captchas = await Promise.all(
        bases.map(async (base) => (await send(base === a.url ? b.url : a.url, '/api/resources/event-signup/captcha')).body.data.captchaId),
      );
      return Promise.all(
        bases.map((base, i) => {
          phone += 1;
          const payload = { eventId, name: '林晓', phone: String(phone), code: TEST_CAPTCHA };
          return send(base, '/api/resources/event-signup/create', { 'x-captcha-id': captchas[i] ?? '' }, payload);
        }),
      );
    }

    async function signUps(eventId: string): Promise<number> {
      const [row] = await direct.db
        .select({ n: count() })
        .from(records)
        .where(and(eq(records.resource, 'event-signup'), sql`${records.data} ->> 'eventId' = ${eventId}`));
      return row?.n ?? 0;
    }

    it('gives the last place to one of two sign-ups sent to the two processes at once, and refuses the other on the event', async () => {
      for (let round = 0; round < 3; round += 1) {
        const eventId = await event(1);
        const answers = await signUpAtOnce(eventId, 2);
        expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers)).toEqual([200, 400]);
        expect(answers.find((answer) => answer.status === 400)?.body.errors).toEqual([expect.objectContaining(EVENT_FULL)]);
        expect(await signUps(eventId)).toBe(1);
      }
    });

    it('takes exactly the three places of eight sign-ups sent at once to both processes', async () => {
      const eventId = await event(3);
      const answers = await signUpAtOnce(eventId, 8);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
      for (const answer of refused)
        expect(answer.body).toMatchObject({ msg: EVENT_FULL.message, errors: [expect.objectContaining(EVENT_FULL)] });
      expect(await signUps(eventId)).toBe(3);
    });
  });

  /**
   * Two sign-ups of one folder in one state also queue on the folder's count row (the record_counts
   * trigger) until the first commits, lock or no lock. Two writes into different states share no row
   * but the target's: here a new sign-up (a draft) and a withdrawn one sent again (submitted), both
   * holding a place. Each is held at its history row until both have written theirs, so both reach the
   * count of places together; only the lock on the seminar makes the second count the first.
   */
  describe('two writes sharing no row but the target (the record-rules fixtures)', () => {
    /**
     * Runs `sendAll` with every record write held at its history row (record_events) until `n` wait
     * there, then lets them go together.
     */
    async function heldTogether<T>(n: number, sendAll: () => Promise<T>): Promise<T> {
      const gate = new pg.Client({ connectionString: scratch.url });
      await gate.connect();
      try {
        await gate.query('BEGIN');
        await gate.query('LOCK TABLE record_events IN EXCLUSIVE MODE');
        const sent = sendAll();
        const waiting = async (): Promise<number> =>
          Number(
            (
              await gate.query<{ n: string }>(
                "SELECT count(*) AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'record_events' AND NOT l.granted",
              )
            ).rows[0]?.n ?? 0,
          );
        await expect.poll(waiting, { timeout: 20_000 }).toBe(n);
        await gate.query('COMMIT');
        return await sent;
      } finally {
        await gate.end();
      }
    }

    it('gives the one place to one of a new sign-up and a withdrawn one sent again at once, on two processes', async () => {
      const writer = await user('applicant', '江城大学');
      const seminar = await send(a.url, '/api/resources/rules-seminar/create', writer, {
        code: 'S-PLACE',
        topic: '新型储能材料研讨会',
        places: 1,
      });
      expect(seminar.status, JSON.stringify(seminar.body)).toBe(200);
      const signup = (phone: string) => ({ seminarCode: 'S-PLACE', name: '刘洋', phone, unit: '江城大学' });
      const move = (base: string, name: string, record: Answer['body']['data']) =>
        send(base, `/api/resources/rules-signup/transitions/${name}`, writer, { id: record.id, version: record.version });
      const first = await send(a.url, '/api/resources/rules-signup/create', writer, signup('13900001001'));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const submitted = await move(b.url, 'submit', first.body.data);
      const withdrawn = await move(a.url, 'withdraw', submitted.body.data);
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);

      const [again, created] = await heldTogether(2, () =>
        Promise.all([
          move(a.url, 'resubmit', withdrawn.body.data),
          send(b.url, '/api/resources/rules-signup/create', writer, signup('13900001002')),
        ]),
      );
      expect([again.status, created.status].sort(), JSON.stringify([again.body, created.body])).toEqual([200, 400]);
      expect([again, created].find((answer) => answer.status === 400)?.body.errors).toEqual([expect.objectContaining(SEMINAR_FULL)]);
      const holding = await direct.db
        .select({ n: count() })
        .from(records)
        .where(and(eq(records.resource, 'rules-signup'), sql`${records.status} <> 'withdrawn'`));
      expect(holding[0]?.n).toBe(1);
    });
  });
});
