import { describe, expect, it } from 'vitest';
import type { CompiledResource } from '../../../../src/server/modules/resource/resource-registry';
import { catalogueWithResourceGrants } from '../../../../src/server/modules/role/catalogue-with-resource-grants';

const folder = (name: string, permission: string, grants: Record<string, string[]>): CompiledResource => ({ name, resource: { permission, grants } }) as unknown as CompiledResource;

describe('catalogueWithResourceGrants', () => {
  it('gives a permission shared by two folders once, with the actions either grants', () => {
    const catalogue = catalogueWithResourceGrants([folder('a', 'shared', { editor: ['query', 'add'] }), folder('b', 'shared', { editor: ['get', 'query'] })]);
    const editor = catalogue.find((role) => role.id === 'editor');
    expect(editor?.permissions.filter((permission) => permission.permissionId === 'shared')).toEqual([{ permissionId: 'shared', actionList: ['add', 'query', 'get'] }]);
    const admin = catalogue.find((role) => role.id === 'admin');
    expect(admin?.permissions.filter((permission) => permission.permissionId === 'shared')).toHaveLength(1);
  });
});
