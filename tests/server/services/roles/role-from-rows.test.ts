import { describe, expect, it } from 'vitest';
import { roleFromRows, type RolePermissionRow } from '../../../../src/server/services/roles/role-from-rows';

const row = (permissionId: string | null, actions: string[] | null): RolePermissionRow => ({
  roleId: 'reviewer',
  roleName: '审核人',
  roleNameEn: 'Reviewer',
  permissionId,
  actions,
});

describe('roleFromRows', () => {
  it('is undefined when the user’s role is not in the roles table (the left join found nothing)', () => {
    expect(roleFromRows([])).toBeUndefined();
    expect(roleFromRows([{ roleId: null, roleName: null, roleNameEn: null, permissionId: null, actions: null }])).toBeUndefined();
  });

  it('gives a role without permissions an empty list', () => {
    expect(roleFromRows([row(null, null)])).toEqual({ id: 'reviewer', name: '审核人', nameEn: 'Reviewer', permissions: [] });
  });

  it('sorts permissions by id, puts actions in the spec order and drops what is not an action key', () => {
    expect(
      roleFromRows([row('integrityLog', ['export', 'query']), row('application', ['get', 'approve', 'query', 'update'])])?.permissions,
    ).toEqual([
      { permissionId: 'application', actionList: ['update', 'query', 'get'] },
      { permissionId: 'integrityLog', actionList: ['query', 'export'] },
    ]);
  });
});

describe('unmask in role_permissions (SECURITY R35)', () => {
  it('is read back as an action like the others', () => {
    expect(roleFromRows([row('integrityCredit', ['query', 'get', 'unmask']), row('eventSign', ['unmask'])])?.permissions).toEqual([
      { permissionId: 'eventSign', actionList: ['unmask'] },
      { permissionId: 'integrityCredit', actionList: ['query', 'get', 'unmask'] },
    ]);
  });
});
