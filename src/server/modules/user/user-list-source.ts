import type { FastifyInstance } from 'fastify';
import type { RecordView } from '../../../shared/generated/record-view';
import type { Locale } from '../../../shared/i18n/locale';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { findTransition } from '../../../shared/resource/workflow-rules';
import { maskPhone } from '../../../shared/rules/mask';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { auditRequest } from '../../services/audit/request-audit';
import { auditAccessDenied } from '../../services/audit/audit-access-denied';
import { revokeUserSessions } from '../../services/auth/session-store';
import type { ListSource, SourceTransitionInput } from '../../engine/records/list-source';
import { ROLE_CATALOGUE } from '../../services/roles/role-catalogue';
import { conflictingAdminRole } from '../../services/roles/separated-duties';
import { fillTemplate } from '../../../shared/i18n/fill-template';
import {
  accountChanges,
  claimVersion,
  findUserForAdmin,
  grantRole,
  listUsersForAdmin,
  revokeRole,
  setFrozen,
  setLocked,
  USER_STATES,
  type AdminUserRow,
  type UserState,
} from './user-admin-store';

/** The resource folder schemas/resources/sys-user names this source. */
const RESOURCE = 'sys-user';
const PERMISSION = 'sysUser';
/** An administrator's lock holds until an administrator unlocks it. */
const MANUAL_LOCK_MS = 10 * 365 * 86_400_000;

const capitalised = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);
/** Every role the account holds: its own (users.role) and the granted ones. */
const heldRoles = (row: AdminUserRow): string[] => [row.role, ...row.grantedRoles];
const roleName = (id: string, locale: Locale): string => {
  const role = ROLE_CATALOGUE.find((entry) => entry.id === id);
  return role ? (locale === 'en-US' ? role.nameEn : role.name) : id;
};

/** The change an administrator makes, where it may be made, and what it writes. */
interface Change {
  allowed(row: AdminUserRow): boolean;
  /**
   * Whether it ends every session of the account (SECURITY R11, ADR 0063): a lock, a freeze and a role
   * change do, so the account's next request, on any process, answers 401 and a new login starts
   * from the account as it is now. An unlock or unfreeze takes nothing away, so it ends nothing.
   */
  endsSessions: boolean;
  /**
   * The action of sysUser it needs, as workflow.json says (update unless told): locks, freezes and ending
   * sessions are the security administrator's enable and disable, grants the system administrator's update (ADR 0068).
   */
  permission?: 'enable' | 'disable';
  /** A grant of this role: refused with adminDutiesSeparated when it would join two administrators (三权分立). */
  separates?: string;
  apply(
    tx: Parameters<Parameters<FastifyInstance['database']['db']['transaction']>[0]>[0],
    row: AdminUserRow,
    input: SourceTransitionInput,
    now: Date,
  ): Promise<void>;
}

function changes(): Record<string, Change> {
  const all: Record<string, Change> = {
    lock: {
      allowed: (row) => row.state === 'active',
      endsSessions: true,
      permission: 'disable',
      apply: (tx, row, _input, now) => setLocked(tx, row.username, new Date(now.getTime() + MANUAL_LOCK_MS), now),
    },
    unlock: {
      allowed: (row) => row.state === 'locked',
      endsSessions: false,
      permission: 'enable',
      apply: (tx, row, _input, now) => setLocked(tx, row.username, null, now),
    },
    freeze: {
      allowed: (row) => row.state !== 'frozen',
      endsSessions: true,
      permission: 'disable',
      apply: (tx, row, input, now) => setFrozen(tx, row.id, { at: now, reason: input.note ?? '' }),
    },
    unfreeze: {
      allowed: (row) => row.state === 'frozen',
      endsSessions: false,
      permission: 'enable',
      apply: (tx, row) => setFrozen(tx, row.id, null),
    },
    // 结束会话: nothing changes but the sessions (sysUser.disable, its own permission; ADR 0063).
    endSessions: { allowed: () => true, endsSessions: true, permission: 'disable', apply: async () => undefined },
  };
  // One grant and one revoke per catalogue role; the account's own role (users.role) is not the administrator's to take.
  for (const role of ROLE_CATALOGUE) {
    all[`grant${capitalised(role.id)}`] = {
      // An administrator role beside another is refused with its own 409 (ADR 0068), so the list offers neither.
      allowed: (row) =>
        row.role !== role.id && !row.grantedRoles.includes(role.id) && conflictingAdminRole(heldRoles(row), role.id) === undefined,
      separates: role.id,
      endsSessions: true,
      apply: (tx, row) => grantRole(tx, row.id, role.id),
    };
    all[`revoke${capitalised(role.id)}`] = {
      allowed: (row) => row.grantedRoles.includes(role.id),
      endsSessions: true,
      apply: (tx, row) => revokeRole(tx, row.id, role.id),
    };
  }
  return all;
}

function toRecord(row: AdminUserRow, caller: AuthUser, locale: Locale, available: Record<string, Change>): RecordView {
  const mayChange = (change: Change): boolean =>
    hasPermission(caller.permissions, `${PERMISSION}.${change.permission ?? 'update'}`) && row.id !== caller.id;
  const roles = [row.role, ...row.grantedRoles.filter((id) => id !== row.role)].map((id) => roleName(id, locale));
  return {
    id: row.id,
    resource: RESOURCE,
    status: row.state,
    version: row.version,
    data: {
      username: row.username,
      fullname: row.fullname,
      // SECURITY R35: enough to recognise the number, not to use it.
      ...(row.phone ? { phone: maskPhone(row.phone) } : {}),
      ...(row.orgName ? { orgName: row.orgName } : {}),
      roles: roles.join('、'),
      ...(row.frozenReason ? { frozenReason: row.frozenReason } : {}),
    },
    ownerName: row.fullname,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.createdAt.toISOString(),
    editable: false,
    actions: Object.entries(available).flatMap(([name, change]) => (mayChange(change) && change.allowed(row) ? [name] : [])),
  };
}

/**
 * 用户管理 as a list file over the users table (spec §6): each account's standing and roles, and
 * the administrator's changes as transitions — lock and unlock (SECURITY R03), freeze with a reason
 * and unfreeze (spec §8), grant and revoke each role, end the sessions (R11). Every change checks the
 * version, is refused on one's own account, and writes its audit row in its own transaction (SECURITY R32).
 */
export function userListSource(app: FastifyInstance): ListSource {
  const available = changes();
  const transitions: NonNullable<ListSource['transitions']> = {};
  for (const [name, change] of Object.entries(available)) {
    transitions[name] = async (input) => {
      const db = app.database.db;
      const now = app.clock();
      const locale = requestLocale(input.request);
      const row = await findUserForAdmin(db, input.id, now);
      if (!row) throw new AppError(404, 'notFound');
      if (row.id === input.user.id) throw new AppError(403, 'ownRecord');
      // The route checked workflow.json's action; the module checks its own too, so that a studio publication of
      // sys-user cannot hand the security administrator's locks to the system administrator (ADR 0068).
      const check = `${PERMISSION}.${change.permission ?? 'update'}`;
      if (!hasPermission(input.user.permissions, check)) {
        await auditAccessDenied(input.request, check);
        throw new AppError(403, 'forbidden');
      }
      const conflict = (current: AdminUserRow): AppError =>
        new AppError(409, 'recordVersionConflict', { data: { ...toRecord(current, input.user, locale, available) } });
      const version = input.version ?? row.version;
      if (version !== row.version) throw conflict(row);
      const held = change.separates === undefined ? undefined : conflictingAdminRole(heldRoles(row), change.separates);
      if (held !== undefined)
        throw new AppError(409, 'adminDutiesSeparated', {
          msg: fillTemplate(serverMessage('adminDutiesSeparated', locale), { held: roleName(held, locale) }),
        });
      if (!change.allowed(row)) throw new AppError(409, 'illegalTransition');
      const done = await db.transaction(async (tx) => {
        if (!(await claimVersion(tx, row.id, version))) return false;
        await change.apply(tx, row, input, now);
        // In the change's own commit: no request sees the account changed but its sessions alive.
        if (change.endsSessions) await revokeUserSessions(tx, row.id);
        await auditRequest(
          input.request,
          { event: 'RECORD_TRANSITIONED', result: 'success', objectType: RESOURCE, objectId: row.id, action: name },
          tx,
        );
        return true;
      });
      const current = await findUserForAdmin(db, row.id, now);
      if (!current) throw new AppError(404, 'notFound');
      if (!done) throw conflict(current);
      const message = serverMessage(name === 'endSessions' ? 'sessionsEnded' : 'recordTransitioned', locale);
      return { record: toRecord(current, input.user, locale, available), message };
    };
  }
  return {
    async list(query, user) {
      const states = USER_STATES.filter((state: UserState) => query.statuses.includes(state));
      if (states.length === 0) return { total: 0, records: [] };
      const keyword = query.filters.find((filter) => filter.field === 'username')?.value;
      const page = await listUsersForAdmin(app.database.db, {
        states,
        keyword: typeof keyword === 'string' ? keyword : undefined,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        now: app.clock(),
      });
      return { total: page.total, records: page.rows.map((row) => toRecord(row, user, query.locale, available)) };
    },
    transitions,
    async detail(id, user, locale) {
      // Like the engine's records: what the caller may not see does not exist (SECURITY R16).
      if (!hasPermission(user.permissions, `${PERMISSION}.get`)) throw new AppError(404, 'notFound');
      const row = await findUserForAdmin(app.database.db, id, app.clock());
      if (!row) throw new AppError(404, 'notFound');
      const workflow = app.resources.get(RESOURCE)?.workflow;
      const changes = await accountChanges(app.database.db, row.id);
      const history = changes.map((change, index) => {
        const name = change.action ?? '';
        return {
          action: name,
          fromStatus: null,
          toStatus: (workflow && findTransition(workflow, name)?.to) ?? '',
          version: index + 1,
          at: change.at.toISOString(),
          actorName: change.actorName,
          note: null,
        };
      });
      return { ...toRecord(row, user, locale, available), history };
    },
  };
}
