import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../src/shared/generated/record-view';
import { linkUserUnit, setUnitAdmin } from '../../../src/server/services/users/user-units';
import { call } from '../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../helpers/test-users';

/**
 * Spec §7 unit and common/allUnits (schemas/resources/organisation, source units): every settled
 * organisation by name for any logged-in user; the caller's own units, each saying whether the caller
 * administers it (the units whose members' records the caller audits), and no one else's.
 */
let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createLoggedInUser(t, 'admin');
  member = await createLoggedInUser(t, 'member');
  const unitId = await linkUserUnit(t.db, admin.id, '临川理工学院');
  await setUnitAdmin(t.db, admin.id, unitId, true);
});
afterAll(async () => t.close());

describe('the units calls', () => {
  it("lists the caller's own units with whether they administer each; all units by name for anyone logged in", async () => {
    const own = await call<{ records: RecordView[] }>(t, admin, 'GET', '/api/integrity/app/unit');
    expect(own.status).toBe(200);
    expect(own.body.data.records.map((unit) => [unit.data['orgName'], unit.data['administrator']]).sort()).toEqual([
      ['临川理工学院', true],
      ['测试科技有限公司', false],
    ]);
    const others = await call<{ records: RecordView[] }>(t, member, 'GET', '/api/integrity/app/unit');
    expect(others.body.data.records.map((unit) => unit.data['orgName'])).toEqual(['测试科技有限公司']);
    const all = await call<{ records: RecordView[] }>(t, member, 'GET', '/api/integrity/app/common/allUnits?orgName=临川');
    expect(all.body.data.records.map((unit) => unit.data)).toEqual([{ orgName: '临川理工学院', members: 1 }]);
    expect((await call(t, undefined, 'GET', '/api/integrity/app/unit')).status).toBe(401);
  });
});
