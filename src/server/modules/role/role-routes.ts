import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import permissionListQuerySchema from '../../../../schemas/api/permission-list-query.schema.json';
import permissionNodeSchema from '../../../../schemas/api/permission-node.schema.json';
import roleMenuQuerySchema from '../../../../schemas/api/role-menu-query.schema.json';
import roleMenuSchema from '../../../../schemas/api/role-menu.schema.json';
import type { PermissionListQuery } from '../../../shared/generated/permission-list-query';
import type { RoleMenu } from '../../../shared/generated/role-menu';
import type { RoleMenuQuery } from '../../../shared/generated/role-menu-query';
import { rolePermissions, roles } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { offersUnmask } from '../../engine/units/offered-actions';
import { UNMASKABLE_IDS } from '../../services/roles/role-catalogue';
import { permissionTitles, permissionTree, ROOT_PARENT } from './permission-tree';

const TAGS = ['角色与权限'];
/** Reading the role catalogue is the 角色管理 page's right. */
const ACCESS = { permission: 'sysRole.query' } as const;

/**
 * Spec §7 GET /sys/permission/queryPermissionList (parentId defaults to 0) and GET
 * /sys/role/queryRoleMenu, from the database: the permission ids the roles hold, named after their
 * pages, with their actions as children; and each role with the tree it grants.
 */
export async function roleRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(permissionNodeSchema);
  // Read at each request: a studio publication may rename a resource folder.
  const currentTitles = () => permissionTitles(app.resources.list());
  const unmaskable = new Set([
    ...UNMASKABLE_IDS,
    ...app.resources
      .list()
      .filter(offersUnmask)
      .map((resource) => resource.resource.permission),
  ]);
  const db = app.database.db;

  app.get<{ Querystring: PermissionListQuery }>(
    '/sys/permission/queryPermissionList',
    {
      config: { access: ACCESS },
      schema: {
        summary: '权限列表（parentId 缺省为 0，即根）',
        tags: TAGS,
        querystring: permissionListQuerySchema,
        response: okResponse({ type: 'array', items: { $ref: permissionNodeSchema.$id } }),
      },
    },
    async (request) => {
      const held = await db.select({ permissionId: rolePermissions.permissionId, actions: rolePermissions.actions }).from(rolePermissions);
      const titles = currentTitles();
      const ids = [...new Set([...held.map((row) => row.permissionId), ...titles.keys()])];
      const tree = permissionTree(ids, titles, undefined, unmaskable);
      const parentId = request.query.parentId ?? ROOT_PARENT;
      return ok(parentId === ROOT_PARENT ? tree : (tree.find((node) => node.id === parentId)?.children ?? []));
    },
  );

  app.get<{ Querystring: RoleMenuQuery }>(
    '/sys/role/queryRoleMenu',
    {
      config: { access: ACCESS },
      schema: {
        summary: '角色及其权限菜单（roleId 缺省时为全部角色）',
        tags: TAGS,
        querystring: roleMenuQuerySchema,
        response: okResponse({ type: 'array', items: roleMenuSchema }),
      },
    },
    async (request) => {
      const roleRows = await db.select().from(roles).orderBy(asc(roles.id));
      const grants = await db.select().from(rolePermissions);
      const titles = currentTitles();
      const menus: RoleMenu[] = roleRows
        .filter((role) => request.query.roleId === undefined || role.id === request.query.roleId)
        .map((role) => {
          const granted = new Map(grants.filter((grant) => grant.roleId === role.id).map((grant) => [grant.permissionId, grant.actions]));
          return { roleId: role.id, name: role.name, nameEn: role.nameEn, menu: permissionTree([...granted.keys()], titles, granted) };
        });
      return ok(menus);
    },
  );
}
