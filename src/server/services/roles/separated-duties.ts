import { ACTION_KEYS, type ActionKey } from '../../../shared/permissions/action-keys';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';

/*
 * 三权分立 (SECURITY R19, MLPS 8.1.5; ADR 0068): the system, security and audit administrators are
 * three roles, and one account may hold only one of them. The system administrator (`admin`, the id
 * spec §6's demo and every existing deployment already use) keeps "every action a folder offers"
 * except the duties below, which belong to the other two alone.
 */

/** 系统管理员: users, role grants, configuration and the schema studio; not the audit log, not locks. */
export const SYSTEM_ADMIN_ROLE = 'admin';
/** 安全管理员: locks and unlocks, freezes, ending sessions; no business data. */
export const SECURITY_ADMIN_ROLE = 'securityAdmin';
/** 审计管理员: reads, exports and verifies the audit log; changes nothing. */
export const AUDIT_ADMIN_ROLE = 'auditAdmin';

/** The three administrators, of whom an account holds at most one (also the roles a second factor should mark). */
export const SEPARATED_ADMIN_ROLES: readonly string[] = [SYSTEM_ADMIN_ROLE, SECURITY_ADMIN_ROLE, AUDIT_ADMIN_ROLE];

/** 用户管理's permission id (resources/sys-user): enable and disable are the security administrator's locks. */
export const USER_ADMIN_PERMISSION = 'sysUser';

/**
 * The actions kept from the system administrator, by permission id: the whole audit log (integrityLog,
 * the id spec §6's 操作日志 page names) is the audit administrator's; locking, freezing and ending
 * sessions (sysUser enable/disable) the security administrator's.
 */
const KEPT_FROM_SYSTEM_ADMIN: Readonly<Record<string, readonly ActionKey[]>> = {
  [PERMISSION_IDS.integrityLog]: ACTION_KEYS,
  [USER_ADMIN_PERMISSION]: ['enable', 'disable'],
};

/** Whether the system administrator's "every action" includes this one. */
export function systemAdminMay(permissionId: string, action: ActionKey): boolean {
  return !(KEPT_FROM_SYSTEM_ADMIN[permissionId]?.includes(action) ?? false);
}

/**
 * The administrator role an account already holds that `wanted` would combine with, or undefined
 * when the grant keeps the duties apart (wanted is no administrator, or the account holds none).
 */
export function conflictingAdminRole(held: readonly string[], wanted: string): string | undefined {
  if (!SEPARATED_ADMIN_ROLES.includes(wanted)) return undefined;
  return held.find((role) => role !== wanted && SEPARATED_ADMIN_ROLES.includes(role));
}
