import { describe, expect, it } from 'vitest';
import { roleFromRows, type RolePermissionRow } from '../../../../src/server/modules/role/role-from-rows';
import { fromStoredGrants, toStoredGrants } from '../../../../src/server/modules/role/stored-grants';
import { SPEC_ACTION_KEYS } from '../../../../src/shared/permissions/action-keys';

const row = (permissionId: string | null, actions: string[] | null): RolePermissionRow => ({ roleId: 'reviewer', roleName: '审核人', roleNameEn: 'Reviewer', permissionId, actions });

describe('roleFromRows', () => {
  it('is undefined when the user’s role is not in the roles table (the left join found nothing)', () => {
    expect(roleFromRows([])).toBeUndefined();
    expect(roleFromRows([{ roleId: null, roleName: null, roleNameEn: null, permissionId: null, actions: null }])).toBeUndefined();
  });

  it('gives a role without permissions an empty list', () => {
    expect(roleFromRows([row(null, null)])).toEqual({ id: 'reviewer', name: '审核人', nameEn: 'Reviewer', permissions: [] });
  });

  it('sorts permissions by id, puts actions in the spec order and drops what is not an action key', () => {
    expect(roleFromRows([row('integrityLog', ['export', 'query']), row('application', ['get', 'approve', 'query', 'update'])])?.permissions).toEqual([
      { permissionId: 'application', actionList: ['update', 'query', 'get'] },
      { permissionId: 'integrityLog', actionList: ['query', 'export'] },
    ]);
  });
});

describe('unmask in role_permissions (SECURITY R35)', () => {
  it('is stored as the get of the companion id, which the table’s spec-only CHECK accepts, and read back as unmask', () => {
    const stored = toStoredGrants([
      { permissionId: 'integrityCredit', actionList: ['query', 'get', 'unmask'] },
      { permissionId: 'eventSign', actionList: ['unmask'] },
      { permissionId: 'need', actionList: ['get'] },
    ]);
    expect(stored).toEqual([
      { permissionId: 'integrityCredit', actions: ['query', 'get'] },
      { permissionId: 'integrityCredit.unmask', actions: ['get'] },
      { permissionId: 'eventSign.unmask', actions: ['get'] },
      { permissionId: 'need', actions: ['get'] },
    ]);
    expect(stored.flatMap((grant) => grant.actions).every((action) => (SPEC_ACTION_KEYS as readonly string[]).includes(action))).toBe(true);
    expect(roleFromRows(stored.map((grant) => row(grant.permissionId, grant.actions)))?.permissions).toEqual([
      { permissionId: 'eventSign', actionList: ['unmask'] },
      { permissionId: 'integrityCredit', actionList: ['query', 'get', 'unmask'] },
      { permissionId: 'need', actionList: ['get'] },
    ]);
  });

  it('grants no unmask for a companion row without get, nor for the bare id "unmask"', () => {
    expect(fromStoredGrants([{ permissionId: 'integrityCredit.unmask', actions: ['query'] }])).toEqual([{ permissionId: 'integrityCredit', actions: [] }]);
    expect(fromStoredGrants([{ permissionId: '.unmask', actions: ['get'] }])).toEqual([{ permissionId: '.unmask', actions: ['get'] }]);
  });
});
