import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../src/server/db/prepare-database';
import { dictItems, users } from '../../../src/server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../src/server/db/seed-demo-users';
import { createTestApp, REPO_SCHEMAS_DIR, type TestApp } from '../helpers/test-app';
import { login } from '../helpers/test-users';

describe('seeding', () => {
  let plain: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    [plain, demo] = await Promise.all([createTestApp(), createTestApp({ seedDemoUsers: true })]);
  });
  afterAll(async () => {
    await plain?.close();
    await demo?.close();
  });

  it('creates no demo account unless asked', async () => {
    expect(await plain.db.select().from(users)).toHaveLength(0);
  });

  it('creates the four demo accounts in demo mode; each logs in with Kechuang@2026', async () => {
    const rows = await demo.db.select({ username: users.username, fullname: users.fullname, role: users.role }).from(users).orderBy(asc(users.username));
    expect(rows.map((row) => row.username)).toEqual(['admin', 'applicant', 'integrity', 'reviewer']);
    expect(rows.find((row) => row.username === 'applicant')).toMatchObject({ fullname: '张伟', role: 'applicant' });
    for (const user of DEMO_USERS) expect(await login(demo.app, user.username, DEMO_PASSWORD)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is idempotent: a second start changes nothing', async () => {
    const before = await demo.db.select().from(users).orderBy(asc(users.username));
    const itemsBefore = await demo.db.select().from(dictItems);
    await prepareDatabase(demo.app.database, { schemasDir: REPO_SCHEMAS_DIR, seedDemoUsers: true });
    expect(await demo.db.select().from(users).orderBy(asc(users.username))).toEqual(before);
    expect(await demo.db.select().from(dictItems)).toEqual(itemsBefore);
  });

  it('upserts dictionary items from the files: an edited label comes back as in the file', async () => {
    const needTypeOne = and(eq(dictItems.dictCode, 'need_type'), eq(dictItems.dictKey, '1'));
    await plain.db.update(dictItems).set({ dictValue: '改过的' }).where(needTypeOne);
    await prepareDatabase(plain.app.database, { schemasDir: REPO_SCHEMAS_DIR, seedDemoUsers: false });
    const rows = await plain.db.select().from(dictItems).where(needTypeOne);
    expect(rows[0]?.dictValue).toBe('技术需求');
  });
});
