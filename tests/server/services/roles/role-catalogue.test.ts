import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../../src/server/seed/seed-demo-users';
import { ROLE_CATALOGUE } from '../../../../src/server/services/roles/role-catalogue';
import { ACTION_KEYS, SPEC_ACTION_KEYS } from '../../../../src/shared/permissions/action-keys';
import { hasPermission, permissionsOf } from '../../../../src/shared/permissions/has-permission';
import { PERMISSION_IDS } from '../../../../src/shared/permissions/permission-ids';
import { mayPublishKind } from '../../../../src/shared/permissions/studio-kind-permissions';
import {
  SEPARATED_ADMIN_ROLES,
  USER_ADMIN_PERMISSION,
  conflictingAdminRole,
  systemAdminMay,
} from '../../../../src/server/services/roles/separated-duties';

const role = (id: string) => {
  const found = ROLE_CATALOGUE.find((entry) => entry.id === id);
  if (!found) throw new Error(`no role ${id}`);
  return found;
};

describe('the role catalogue (spec §6)', () => {
  it('has a role for every demo account, each with a Chinese and an English name', () => {
    expect(ROLE_CATALOGUE.map((entry) => entry.id)).toEqual([
      'applicant',
      'reviewer',
      'integrity',
      'unitIntegrity',
      'editor',
      'admin',
      'securityAdmin',
      'auditAdmin',
    ]);
    for (const user of DEMO_USERS)
      expect(
        ROLE_CATALOGUE.some((entry) => entry.id === user.role),
        user.role,
      ).toBe(true);
    for (const entry of ROLE_CATALOGUE) expect(entry.name.length > 0 && entry.nameEn.length > 0, entry.id).toBe(true);
  });

  it('names only known permission ids, once per role, with unique action keys in the spec order', () => {
    // sysUser is 用户管理's folder id, which the security administrator holds from the catalogue itself (ADR 0068).
    const known: readonly string[] = [...Object.values(PERMISSION_IDS), USER_ADMIN_PERMISSION];
    for (const entry of ROLE_CATALOGUE) {
      const ids = entry.permissions.map((permission) => permission.permissionId);
      expect(new Set(ids).size, entry.id).toBe(ids.length);
      for (const permission of entry.permissions) {
        expect(known, entry.id).toContain(permission.permissionId);
        expect(permission.actionList, `${entry.id} ${permission.permissionId}`).toEqual(
          ACTION_KEYS.filter((action) => permission.actionList.includes(action)),
        );
      }
    }
  });

  it('grants what the contract says', () => {
    const can = (id: string, check: string) => hasPermission(permissionsOf([role(id)]), check);
    expect(role('applicant').permissions).toEqual([]);
    expect(['application.query', 'application.get', 'application.update'].map((check) => can('reviewer', check))).toEqual([
      true,
      true,
      true,
    ]);
    expect(can('reviewer', 'integrityCredit.query')).toBe(false);
    expect(can('integrity', 'application.get')).toBe(true);
    expect(can('integrity', 'application.update')).toBe(false);
    expect(can('integrity', 'integrityFix.delete')).toBe(true);
    expect(can('integrity', 'integrityFix.import')).toBe(false);
    expect(can('integrity', 'integrityCredit.import')).toBe(true);
    // A unit's integrity officer: credit information alone, within their units (the engine narrows it).
    expect(role('unitIntegrity')).toMatchObject({ jurisdiction: 'unit', permissions: [{ permissionId: 'integrityCredit' }] });
    expect(role('integrity').jurisdiction).toBeUndefined();
    // Who may author what (ADR 0041): the editor publishes every studio kind but resource folders.
    const editor = permissionsOf([role('editor')]);
    expect((['activity', 'form', 'site', 'dashboard'] as const).map((kind) => mayPublishKind(editor, kind))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(mayPublishKind(editor, 'resource')).toBe(false);
    expect(can('editor', 'schemaStudioResource.update')).toBe(false);
    expect(can('editor', 'schemaStudio.query')).toBe(true);
    for (const kind of ['activity', 'form', 'resource', 'site', 'dashboard'] as const) {
      expect(mayPublishKind(permissionsOf([role('admin')]), kind), kind).toBe(true);
      expect(mayPublishKind(permissionsOf([role('integrity')]), kind), kind).toBe(false);
    }
    // Every spec action on every built-in id but the audit log, the audit administrator's (ADR 0068).
    for (const id of Object.values(PERMISSION_IDS))
      for (const action of SPEC_ACTION_KEYS)
        expect(can('admin', `${id}.${action}`), `${id}.${action}`).toBe(id !== PERMISSION_IDS.integrityLog);
    // unmask (SECURITY R35) is a resource folder's to offer (catalogueWithResourceGrants); of the catalogue's own ids only
    // application offers it (its steps' personal fields, ADR 0065), to the reviewer and the administrator.
    for (const entry of ROLE_CATALOGUE)
      for (const permission of entry.permissions)
        expect(permission.actionList.includes('unmask'), `${entry.id} ${permission.permissionId}`).toBe(
          permission.permissionId === PERMISSION_IDS.application && ['reviewer', 'admin'].includes(entry.id),
        );
  });

  it('keeps the three administrators apart (三权分立, SECURITY R19, ADR 0068)', () => {
    const can = (id: string, check: string) => hasPermission(permissionsOf([role(id)]), check);
    expect(SEPARATED_ADMIN_ROLES.map((id) => role(id).name)).toEqual(['系统管理员', '安全管理员', '审计管理员']);
    // The audit log: the audit administrator reads, exports and verifies it; nobody else holds any of it.
    for (const action of ['query', 'get', 'export']) expect(can('auditAdmin', `integrityLog.${action}`), action).toBe(true);
    for (const action of ['add', 'update', 'delete']) expect(can('auditAdmin', `integrityLog.${action}`), action).toBe(false);
    expect(role('auditAdmin').permissions.map((permission) => permission.permissionId)).toEqual(['integrityLog']);
    for (const entry of ROLE_CATALOGUE.filter((entry) => entry.id !== 'auditAdmin'))
      expect(
        entry.permissions.some((permission) => permission.permissionId === PERMISSION_IDS.integrityLog),
        entry.id,
      ).toBe(false);
    // The security administrator: locks and sessions over 用户管理, no business data, no grants.
    expect(role('securityAdmin').permissions).toEqual([{ permissionId: 'sysUser', actionList: ['query', 'get', 'enable', 'disable'] }]);
    expect(systemAdminMay('sysUser', 'enable') || systemAdminMay('sysUser', 'disable')).toBe(false);
    expect(systemAdminMay('sysUser', 'update') && systemAdminMay('sysUser', 'add')).toBe(true);
    // One account, one of the three: any other administrator role held is the conflict.
    expect(conflictingAdminRole(['applicant', 'auditAdmin'], 'securityAdmin')).toBe('auditAdmin');
    expect(conflictingAdminRole(['admin'], 'auditAdmin')).toBe('admin');
    expect(conflictingAdminRole(['admin'], 'admin')).toBeUndefined();
    expect(conflictingAdminRole(['admin', 'integrity'], 'reviewer')).toBeUndefined();
    expect(conflictingAdminRole(['integrity', 'reviewer'], 'auditAdmin')).toBeUndefined();
  });
});
