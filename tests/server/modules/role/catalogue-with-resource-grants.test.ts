import { describe, expect, it } from 'vitest';
import type { CompiledResource } from '../../../../src/server/engine/units/resource-registry';
import { catalogueWithResourceGrants } from '../../../../src/server/modules/role/catalogue-with-resource-grants';
import { SPEC_ACTION_KEYS } from '../../../../src/shared/permissions/action-keys';

const folder = (
  name: string,
  permission: string,
  grants: Record<string, string[]>,
  maskedFields: [string, string][] = [],
): CompiledResource => ({ name, resource: { permission, grants }, maskedFields }) as unknown as CompiledResource;

describe('catalogueWithResourceGrants', () => {
  it('gives a permission shared by two folders once, with the actions either grants', () => {
    const catalogue = catalogueWithResourceGrants([
      folder('a', 'shared', { editor: ['query', 'add'] }),
      folder('b', 'shared', { editor: ['get', 'query'] }),
    ]);
    const editor = catalogue.find((role) => role.id === 'editor');
    expect(editor?.permissions.filter((permission) => permission.permissionId === 'shared')).toEqual([
      { permissionId: 'shared', actionList: ['add', 'query', 'get'] },
    ]);
    const admin = catalogue.find((role) => role.id === 'admin');
    expect(admin?.permissions.filter((permission) => permission.permissionId === 'shared')).toHaveLength(1);
  });

  it('gives the administrator unmask (SECURITY R35) only where a folder masks personal numbers, and other roles only where a folder grants it', () => {
    const catalogue = catalogueWithResourceGrants([
      folder('masked', 'masked', { editor: ['query', 'get'] }, [['phone', 'phone']]),
      folder('plain', 'plain', {}),
      folder('granted', 'granted', { reviewer: ['get', 'unmask'] }, [['idNumber', 'idNumber']]),
    ]);
    const permissionsOf = (role: string) => catalogue.find((entry) => entry.id === role)?.permissions ?? [];
    expect(permissionsOf('admin').filter((permission) => ['masked', 'plain', 'granted'].includes(permission.permissionId))).toEqual([
      { permissionId: 'masked', actionList: [...SPEC_ACTION_KEYS, 'unmask'] },
      { permissionId: 'plain', actionList: [...SPEC_ACTION_KEYS] },
      { permissionId: 'granted', actionList: [...SPEC_ACTION_KEYS, 'unmask'] },
    ]);
    expect(permissionsOf('editor').find((permission) => permission.permissionId === 'masked')).toEqual({
      permissionId: 'masked',
      actionList: ['query', 'get'],
    });
    expect(permissionsOf('reviewer').find((permission) => permission.permissionId === 'granted')).toEqual({
      permissionId: 'granted',
      actionList: ['get', 'unmask'],
    });
  });
});
