import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../../src/server/seed/seed-demo-users';
import { createPhoneUser, INFO_URL, sessionFor } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { login } from '../../helpers/test-users';

interface Unit {
  id: string;
  name: string;
  current: boolean;
}

describe('units, the current unit and the generated routes (spec §4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemoUsers: true });
  });
  afterAll(() => t?.close());

  async function units(auth: { authorization: string }): Promise<Unit[]> {
    const response = await t.app.inject({ method: 'GET', url: '/api/integrity/app/user/unit/list', headers: auth });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Unit[] }>().data;
  }

  it('lists the user own units; none is current until one is chosen (isSelect 0)', async () => {
    const user = await createPhoneUser(t, 'unit', { orgName: '甲单位', extraUnits: ['乙单位'] });
    const auth = await sessionFor(t, user.id);
    expect((await units(auth)).map(({ name, current }) => ({ name, current }))).toEqual([
      { name: '乙单位', current: false },
      { name: '甲单位', current: false },
    ]);
    const info = await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth });
    expect(info.json()).toMatchObject({ data: { unit: null, isSelect: 0 } });
  });

  it('switches to one of the user own units, which the info then reports with isSelect 1', async () => {
    const user = await createPhoneUser(t, 'sw', { orgName: '丙单位', extraUnits: ['丁单位'] });
    const auth = await sessionFor(t, user.id);
    const target = (await units(auth)).find((unit) => unit.name === '丁单位');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/integrity/app/user/settings/unit?unitId=${target?.id ?? ''}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 0,
      msg: '已切换当前单位',
      data: { unit: { id: target?.id, name: '丁单位' }, isSelect: 1 },
    });
    expect((await units(auth)).find((unit) => unit.current)?.name).toBe('丁单位');
    const info = await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth });
    expect(info.json()).toMatchObject({ data: { unit: { id: target?.id, name: '丁单位' }, isSelect: 1 } });
  });

  it("answers 404 for someone else's unit and for an unknown one, and changes nothing", async () => {
    const owner = await createPhoneUser(t, 'own', { orgName: '戊单位' });
    const intruder = await createPhoneUser(t, 'int', { orgName: '己单位' });
    const ownerUnit = (await units(await sessionFor(t, owner.id)))[0];
    const auth = await sessionFor(t, intruder.id);
    for (const unitId of [ownerUnit?.id ?? '', '00000000-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({ method: 'POST', url: `/api/integrity/app/user/settings/unit?unitId=${unitId}`, headers: auth });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/integrity/app/user/settings/unit?unitId=not-a-uuid', headers: auth })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: INFO_URL, headers: auth })).json()).toMatchObject({ data: { isSelect: 0 } });
  });

  it('returns the generated routes (科研诚信 filtered by permission): none for an applicant, 401 without a session', async () => {
    const user = await createPhoneUser(t, 'rt');
    const response = await t.app.inject({ method: 'GET', url: '/api/integrity/app/user/routes', headers: await sessionFor(t, user.id) });
    expect(response.statusCode).toBe(200);
    // An applicant holds no permission, so no 科研诚信 page and no menu (tests/server/modules/user covers the other roles).
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/integrity/app/user/routes' })).statusCode).toBe(401);
  });

  it('seeds the demo users with phones, e-mails and units', async () => {
    const token = await login(t.app, 'integrity', DEMO_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    expect((await units(auth)).map((unit) => unit.name).sort()).toEqual(['市科学技术委员会', '市科技信用服务中心'].sort());
    const security = await t.app.inject({ method: 'POST', url: '/api/sys/app/user/settings/security', headers: auth });
    expect(security.json()).toMatchObject({ data: { phone: '138****0003', email: 'i***@example.com' } });
  });
});
