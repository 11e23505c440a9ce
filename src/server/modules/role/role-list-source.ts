import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/i18n/locale';
import type { RecordView } from '../../../shared/generated/record-view';
import { ACTION_KEYS } from '../../../shared/permissions/action-keys';
import { actionTitle } from '../../../shared/permissions/action-titles';
import { rolePermissions, roles } from '../../db/schema';
import type { ListSource } from '../../engine/records/list-source';
import { permissionTitles } from './permission-tree';

/** The resource folder schemas/resources/sys-role names this source. */
const RESOURCE = 'sys-role';

/**
 * 角色管理 as a list file over the roles and role_permissions tables (spec §6): each role, what it
 * grants (page by page, action by action) and how many accounts hold it. Roles come from the role
 * catalogue and the resource folders' grants, so the list is read-only.
 */
export function roleListSource(app: FastifyInstance): ListSource {
  const describe = (
    grants: { permissionId: string; actions: string[] }[],
    titles: ReturnType<typeof permissionTitles>,
    locale: Locale,
  ): string =>
    grants
      .map((grant) => {
        const title = titles.get(grant.permissionId);
        const name = title ? (locale === 'en-US' ? title.nameEn : title.name) : grant.permissionId;
        const actions = ACTION_KEYS.filter((action) => grant.actions.includes(action)).map((action) => actionTitle(action, locale));
        return `${name}（${actions.join('、')}）`;
      })
      .join(locale === 'en-US' ? '; ' : '；');
  return {
    async list(query) {
      if (!query.statuses.includes('active')) return { total: 0, records: [] };
      const db = app.database.db;
      // Qualified by hand: in a one-table select Drizzle leaves column names bare, which a subquery would misread.
      const holders = sql<number>`(SELECT count(*)::int FROM users u WHERE u.role = "roles"."id" OR u.id IN (SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = "roles"."id"))`;
      const rows = await db.select({ id: roles.id, name: roles.name, nameEn: roles.nameEn, holders }).from(roles).orderBy(asc(roles.id));
      const grants = await db.select().from(rolePermissions).orderBy(asc(rolePermissions.permissionId));
      const page = rows.slice((query.pageNo - 1) * query.pageSize, query.pageNo * query.pageSize);
      // Read at each page: a studio publication may rename a resource folder.
      const titles = permissionTitles(app.resources.list());
      const records: RecordView[] = page.map((role) => ({
        id: role.id,
        resource: RESOURCE,
        status: 'active',
        version: 1,
        data: {
          roleId: role.id,
          name: query.locale === 'en-US' ? role.nameEn : role.name,
          permissions:
            describe(
              grants.filter((grant) => grant.roleId === role.id),
              titles,
              query.locale,
            ) || (query.locale === 'en-US' ? 'None' : '无'),
          holders: role.holders,
        },
        ownerName: null,
        createdAt: new Date(0).toISOString(),
        updatedAt: new Date(0).toISOString(),
        editable: false,
        actions: [],
      }));
      return { total: rows.length, records };
    },
  };
}
