import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/services/auth/session-store';
import { createUser } from '../../../src/server/services/users/create-user';
import { TEST_DATABASE_URL } from '../helpers/test-database';
import { sendJson, startTwoServerProcesses, type TwoServerProcesses } from '../helpers/two-server-processes';

const SYNC_MS = 250;

/**
 * ADR 0042 across processes: a list and an alias published from the studio on process a are served by
 * process b, which learns of them from the database at its next poll (SCHEMA_SYNC_MS), without a restart.
 */
describe.skipIf(!TEST_DATABASE_URL)('lists, filters and aliases published on one process', () => {
  let processes: TwoServerProcesses;
  let a: TwoServerProcesses['a'];
  let b: TwoServerProcesses['b'];
  let direct: TwoServerProcesses['direct'];

  beforeAll(async () => {
    processes = await startTwoServerProcesses('live-lists', SYNC_MS);
    ({ a, b, direct } = processes);
  }, 180_000);

  afterAll(async () => {
    await processes?.close();
  });

  it('is served by the other process within its poll, without a restart', async () => {
    const adminId = await createUser(direct.db, {
      username: `livelists_${Date.now().toString(36)}`,
      password: 'Kc-live-lists-9',
      fullname: '系统管理员',
      role: 'admin',
      orgName: '市科学技术委员会',
    });
    const token = await createSession(direct.db, adminId, new Date());
    const list = '/api/resources/showcase/lists/latest';
    const alias = '/api/sys/api/present/manage';
    for (const base of [a.url, b.url]) {
      expect((await sendJson(base, 'POST', list, token, {})).status).toBe(404);
      expect((await sendJson(base, 'POST', alias, token, {})).status).toBe(404);
    }
    const unit = (await sendJson(a.url, 'GET', '/api/studio/unit?kind=resource&name=showcase', token)).body.data as {
      version: string;
      files: Record<string, string>;
    };
    const resource = JSON.parse(unit.files['resource.json'] ?? '{}') as { aliases: unknown[] };
    const { menu: _menu, ...all } = JSON.parse(unit.files['lists/all.list.json'] ?? '{}') as Record<string, unknown>;
    const files = {
      ...unit.files,
      'lists/latest.list.json': JSON.stringify({ ...all, title: '最新成果', pageSize: 5 }, null, 2),
      'resource.json': JSON.stringify(
        {
          ...resource,
          aliases: [...resource.aliases, { method: 'POST', path: '/sys/api/present/manage', action: 'list', list: 'latest' }],
        },
        null,
        2,
      ),
    };
    const published = await sendJson(a.url, 'POST', '/api/studio/publish', token, {
      kind: 'resource',
      name: 'showcase',
      files,
      baseVersion: unit.version,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const answered = performance.now();
    // The publishing process serves both at once.
    expect((await sendJson(a.url, 'POST', list, token, {})).status).toBe(200);
    expect((await sendJson(a.url, 'POST', alias, token, {})).status).toBe(200);
    let servedAfter = Number.NaN;
    await expect
      .poll(
        async () => {
          const [byList, byAlias] = await Promise.all([
            sendJson(b.url, 'POST', list, token, {}),
            sendJson(b.url, 'POST', alias, token, {}),
          ]);
          if (byList.status === 200 && byAlias.status === 200 && Number.isNaN(servedAfter)) servedAfter = performance.now() - answered;
          return [byList.status, byAlias.status];
        },
        { timeout: 10_000, interval: 20 },
      )
      .toEqual([200, 200]);
    console.log(
      `live list and alias: process b served both ${Math.round(servedAfter)} ms after process a answered the publication (SCHEMA_SYNC_MS ${SYNC_MS})`,
    );
    expect(servedAfter).toBeLessThan(SYNC_MS * 4 + 1_000);
  });
  it('takes a filter added to a list on the other process within its poll, and filters by it', async () => {
    const adminId = await createUser(direct.db, {
      username: `livefilter_${Date.now().toString(36)}`,
      password: 'Kc-live-lists-9',
      fullname: '系统管理员',
      role: 'admin',
      orgName: '市科学技术委员会',
    });
    const token = await createSession(direct.db, adminId, new Date());
    const list = '/api/resources/showcase/lists/all';
    // Two items of two organisations, one of them the filter's.
    for (const org of ['江城市光谷材料研究院', '江城理工大学智能制造学院'])
      expect(
        (
          await sendJson(a.url, 'POST', '/api/resources/showcase/create', token, {
            title: `${org.slice(0, 4)}成果展示`,
            category: 'achievement',
            org,
            summary: '面向全市企业开放的中试验证平台，年服务企业一百余家。',
            publishDate: '2026-11-20',
          })
        ).status,
      ).toBe(200);
    // org is a field of the record but not a filter of the list: a request naming it is refused.
    const byOrg = { org: '光谷材料' };
    for (const base of [a.url, b.url]) expect((await sendJson(base, 'POST', list, token, byOrg)).status).toBe(400);
    const unit = (await sendJson(a.url, 'GET', '/api/studio/unit?kind=resource&name=showcase', token)).body.data as {
      version: string;
      files: Record<string, string>;
    };
    const all = JSON.parse(unit.files['lists/all.list.json'] ?? '{}') as { filters: { field: string }[] };
    const files = {
      ...unit.files,
      'lists/all.list.json': JSON.stringify({ ...all, filters: [...all.filters, { field: 'org' }] }, null, 2),
    };
    const published = await sendJson(a.url, 'POST', '/api/studio/publish', token, {
      kind: 'resource',
      name: 'showcase',
      files,
      baseVersion: unit.version,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const answered = performance.now();
    let servedAfter = Number.NaN;
    await expect
      .poll(
        async () => {
          const filtered = await sendJson(b.url, 'POST', list, token, byOrg);
          if (filtered.status === 200 && Number.isNaN(servedAfter)) servedAfter = performance.now() - answered;
          return filtered.status;
        },
        { timeout: 10_000, interval: 20 },
      )
      .toBe(200);
    // The new filter filters: one of the two items is from that organisation.
    const filtered = (await sendJson(b.url, 'POST', list, token, byOrg)).body.data as {
      total: number;
      records: { data: { org: string } }[];
    };
    expect(filtered.total).toBe(1);
    expect(filtered.records[0]?.data.org).toBe('江城市光谷材料研究院');
    console.log(
      `live filter: process b took it ${Math.round(servedAfter)} ms after process a answered the publication (SCHEMA_SYNC_MS ${SYNC_MS})`,
    );
    expect(servedAfter).toBeLessThan(SYNC_MS * 4 + 1_000);
  });
});
