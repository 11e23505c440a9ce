import type { Role } from '../../../shared/generated/role';
import { ACTION_KEYS, SPEC_ACTION_KEYS, type ActionKey } from '../../../shared/permissions/action-keys';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { AUDIT_ADMIN_ROLE, SECURITY_ADMIN_ROLE, SYSTEM_ADMIN_ROLE, USER_ADMIN_PERMISSION, systemAdminMay } from './separated-duties';

/**
 * A built-in role: every field of the API's Role, the English name included, and its reach: a role
 * with jurisdiction "unit" acts only on the records within its holder's own units (a resource's
 * resource.json jurisdiction field names the unit), where the others reach every record.
 */
export type CatalogueRole = Required<Role> & { jurisdiction?: 'unit' };

/** The built-in permission ids whose records carry personal fields shown masked, so offer unmask (SECURITY R35, ADR 0065). */
export const UNMASKABLE_IDS: ReadonlySet<string> = new Set([PERMISSION_IDS.application]);

// Action lists in the spec's order (ACTION_KEYS), as permissionsOf() returns them.
const INTEGRITY_ACTIONS: readonly ActionKey[] = ['add', 'delete', 'update', 'query', 'get', 'export'];
// Credit records alone come in from spreadsheets (issue 11).
const CREDIT_ACTIONS: readonly ActionKey[] = ['add', 'delete', 'update', 'query', 'get', 'import', 'export'];

/**
 * Spec §6: the built-in roles and what they may do, written to the roles tables at every start (ADR
 * 0007). users.role names one of these ids; any other role grants nothing. The integrity staff may
 * read applications (query, get) but only a reviewer decides on them (update).
 */
export const ROLE_CATALOGUE: readonly CatalogueRole[] = [
  { id: 'applicant', name: '申报人', nameEn: 'Applicant', permissions: [] },
  {
    id: 'reviewer',
    name: '审核人',
    nameEn: 'Reviewer',
    // unmask (ADR 0065): the reviewer may need to call an applicant's contact; each view is a PI_VIEW audit row.
    permissions: [{ permissionId: PERMISSION_IDS.application, actionList: ['update', 'query', 'get', 'unmask'] }],
  },
  {
    id: 'integrity',
    name: '科研诚信管理员',
    nameEn: 'Research integrity officer',
    // No integrityLog since ADR 0068: the audit log, its credit and repair views included, is the audit
    // administrator's alone (SECURITY R19); a record's own history still says who changed it.
    permissions: [
      { permissionId: PERMISSION_IDS.integrityCredit, actionList: [...CREDIT_ACTIONS] },
      { permissionId: PERMISSION_IDS.integrityFix, actionList: [...INTEGRITY_ACTIONS] },
      { permissionId: PERMISSION_IDS.application, actionList: ['query', 'get'] },
    ],
  },
  {
    // A university's or institute's integrity office (issue 11): credit information of its own unit only.
    id: 'unitIntegrity',
    name: '单位科研诚信专员',
    nameEn: 'Unit research integrity officer',
    jurisdiction: 'unit',
    permissions: [{ permissionId: PERMISSION_IDS.integrityCredit, actionList: [...CREDIT_ACTIONS] }],
  },
  // Content editors (issue 12): their permissions are the content folders' grants (catalog, article),
  // and the schema studio (issue 17). Who may author what (issue 32, ADR 0041): they publish activity
  // folders, forms, the site navigation, dashboards and dictionaries; resource folders (record types, their workflows,
  // permissions and integrity rules) only the administrator publishes, so the editor holds no schemaStudioResource.
  {
    id: 'editor',
    name: '内容编辑',
    nameEn: 'Content editor',
    permissions: [
      { permissionId: PERMISSION_IDS.schemaStudio, actionList: ['update', 'query', 'get'] },
      ...[
        PERMISSION_IDS.schemaStudioActivity,
        PERMISSION_IDS.schemaStudioForm,
        PERMISSION_IDS.schemaStudioSite,
        PERMISSION_IDS.schemaStudioDashboard,
        // Dictionaries are content (ADR 0046): the option lists the editor's forms name.
        PERMISSION_IDS.schemaStudioDictionary,
      ].map((permissionId) => ({ permissionId, actionList: ['update'] satisfies ActionKey[] })),
    ],
  },
  {
    id: SYSTEM_ADMIN_ROLE,
    name: '系统管理员',
    nameEn: 'System administrator',
    // Every spec action on every built-in id, and unmask where one masks (ADR 0065), but for the duties
    // the other two administrators hold (ADR 0068): the audit log is not the system administrator's.
    permissions: Object.values(PERMISSION_IDS).flatMap((permissionId) => {
      const actionList = (UNMASKABLE_IDS.has(permissionId) ? ACTION_KEYS : SPEC_ACTION_KEYS).filter((action) =>
        systemAdminMay(permissionId, action),
      );
      return actionList.length > 0 ? [{ permissionId, actionList }] : [];
    }),
  },
  {
    // 三权分立 (ADR 0068): security policy over accounts, and no business data.
    id: SECURITY_ADMIN_ROLE,
    name: '安全管理员',
    nameEn: 'Security administrator',
    permissions: [{ permissionId: USER_ADMIN_PERMISSION, actionList: ['query', 'get', 'enable', 'disable'] }],
  },
  {
    // 三权分立 (ADR 0068): reads and exports the audit log; changes nothing.
    id: AUDIT_ADMIN_ROLE,
    name: '审计管理员',
    nameEn: 'Audit administrator',
    permissions: [{ permissionId: PERMISSION_IDS.integrityLog, actionList: ['query', 'get', 'export'] }],
  },
];

/** The roles whose permissions reach only their holder's own units. */
export const UNIT_SCOPED_ROLES: ReadonlySet<string> = new Set(
  ROLE_CATALOGUE.filter((role) => role.jurisdiction === 'unit').map((role) => role.id),
);
