import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../src/shared/generated/permission';
import { ACTION_KEYS, SPEC_ACTION_KEYS } from '../../../src/shared/permissions/action-keys';
import { hasAction, hasPermission, permissionsOf } from '../../../src/shared/permissions/has-permission';

const REVIEWER: Permission[] = [{ permissionId: 'application', actionList: ['query', 'get', 'update'] }];

describe('hasPermission (spec §6: an auth check takes permissionId.action)', () => {
  it('grants an action the permission entry lists, and nothing else', () => {
    expect(hasPermission(REVIEWER, 'application.update')).toBe(true);
    expect(hasPermission(REVIEWER, 'application.delete')).toBe(false);
    expect(hasPermission(REVIEWER, 'integrityCredit.query')).toBe(false);
    expect(hasPermission([], 'application.query')).toBe(false);
  });

  it('fails closed on a malformed check', () => {
    for (const check of ['', 'application', '.query', 'application.', 'application.query.']) {
      expect(hasPermission(REVIEWER, check)).toBe(false);
    }
  });
});

describe('hasAction (the action directive against a route’s permission entries)', () => {
  it('is true when any of the route’s permission ids grants the action', () => {
    expect(hasAction(REVIEWER, ['integrityCredit', 'application'], 'get')).toBe(true);
    expect(hasAction(REVIEWER, ['integrityCredit'], 'get')).toBe(false);
    expect(hasAction(REVIEWER, [], 'get')).toBe(false);
  });
});

describe('permissionsOf', () => {
  it('merges the actions two roles grant on one permission id, in the spec’s action order', () => {
    const merged = permissionsOf([
      { id: 'reviewer', name: '审核人', permissions: [{ permissionId: 'application', actionList: ['update', 'query'] }] },
      {
        id: 'integrity',
        name: '科研诚信管理员',
        permissions: [
          { permissionId: 'application', actionList: ['get', 'query'] },
          { permissionId: 'integrityLog', actionList: ['export'] },
        ],
      },
    ]);
    expect(merged).toEqual([
      { permissionId: 'application', actionList: ['update', 'query', 'get'] },
      { permissionId: 'integrityLog', actionList: ['export'] },
    ]);
    expect(permissionsOf([])).toEqual([]);
  });

  it('knows the nine action keys of spec §6, then unmask (SECURITY R35)', () => {
    expect(SPEC_ACTION_KEYS).toEqual(['add', 'delete', 'update', 'query', 'get', 'enable', 'disable', 'import', 'export']);
    expect(ACTION_KEYS).toEqual([...SPEC_ACTION_KEYS, 'unmask']);
  });
});
