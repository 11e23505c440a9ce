// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../../src/client/session/session-store';
import {
  clearUserSession,
  getPermissions,
  getUserSession,
  setUserPermissions,
  setUserSession,
} from '../../../src/client/session/user-session-store';
import type { Role } from '../../../src/shared/generated/role';

// In the spec's action order, as permissionsOf returns them.
const REVIEWER: Role = {
  id: 'reviewer',
  name: '审核人',
  permissions: [{ permissionId: 'application', actionList: ['update', 'query', 'get'] }],
};

beforeEach(() => {
  localStorage.clear();
  endSession();
  clearUserSession();
});

describe("the user session's permissions (spec §6)", () => {
  it("come from the user info's roles", () => {
    startSession('t1');
    setUserSession('t1', { fullname: '李娜', roles: [REVIEWER] }, []);
    expect(getPermissions()).toEqual(REVIEWER.permissions);
    expect(getUserSession()?.permissions).toBe(getPermissions());
  });

  it('are none when the user info has no roles (a server from before roles): loaded, but granting nothing', () => {
    startSession('t1');
    setUserSession('t1', { fullname: '张伟' }, []);
    expect(getPermissions()).toEqual([]);
  });

  it('are not loaded (undefined) before the user info is, so a page waits instead of refusing', () => {
    startSession('t1');
    expect(getPermissions()).toBeUndefined();
  });

  it('can be loaded without the session (no unit chosen yet), and the session then takes over', () => {
    startSession('t1');
    setUserPermissions('t1', { fullname: '李娜', roles: [REVIEWER] });
    expect(getPermissions()).toEqual(REVIEWER.permissions);
    expect(getUserSession()).toBeUndefined();
    setUserSession('t1', { fullname: '李娜', roles: [] }, []);
    expect(getPermissions()).toEqual([]);
  });

  it('are cleared on logout, and never serve another token', () => {
    startSession('t1');
    setUserPermissions('t1', { fullname: '李娜', roles: [REVIEWER] });
    endSession();
    expect(getPermissions()).toBeUndefined();
    startSession('t2');
    expect(getPermissions()).toBeUndefined();
    setUserSession('t2', { fullname: '李娜', roles: [REVIEWER] }, []);
    startSession('t3');
    expect(getPermissions()).toBeUndefined();
    expect(getUserSession()).toBeUndefined();
  });
});
