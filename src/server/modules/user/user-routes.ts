import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import switchUnitQuerySchema from '../../../../schemas/api/switch-unit-query.schema.json';
import userInfoSchema from '../../../../schemas/api/user-info.schema.json';
import userRouteSchema from '../../../../schemas/api/user-route.schema.json';
import userUnitSchema from '../../../../schemas/api/user-unit.schema.json';
import type { SwitchUnitQuery } from '../../../shared/generated/switch-unit-query';
import type { UserInfo } from '../../../shared/generated/user-info';
import type { UserUnit } from '../../../shared/generated/user-unit';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { userAdminRoutes } from './user-admin-routes';
import { userMenu } from './user-menu';
import { frozenState } from './user-admin-store';
import { adminUnitIds, currentUnit, listUserUnits, selectUserUnit } from '../../services/users/user-units';
import { staffQueuePlaces } from '../../engine/records/workbench-queues';

/** The unit a switch chose: a user unit without its `current` flag, which the switch itself sets. */
const { current: _current, ...CHOSEN_UNIT_PROPERTIES } = userUnitSchema.properties;
const SWITCHED = {
  type: 'object',
  additionalProperties: false,
  required: ['unit', 'isSelect'],
  properties: {
    unit: { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: CHOSEN_UNIT_PROPERTIES },
    isSelect: { type: 'integer', enum: [1], title: '已选择单位' },
  },
};

export async function userRoutes(app: FastifyInstance): Promise<void> {
  // A menu node holds its children (`$ref: "#"`), which only a schema known by its $id can say.
  app.addSchema(userRouteSchema);
  // 用户管理's new account and password reset, beside the list and transitions its list source serves.
  await app.register(userAdminRoutes);

  // Spec §3 user info: what the header shows, plus the unit rule's inputs (spec §4: unit and isSelect)
  // and the roles with their permissions (spec §6), which the client's auth checks read.
  // Also for a session that must change its password first: the SPA learns that here (SECURITY R07).
  app.get(
    ENDPOINTS.userInfo,
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: { summary: '当前用户信息（含当前单位、isSelect、角色权限与会话时限）', tags: ['用户'], response: okResponse(userInfoSchema) },
    },
    async (request) => {
      const user = requireUser(request);
      const unit = await currentUnit(app.database.db, user.id);
      const frozen = user.frozen ? await frozenState(app.database.db, user.id) : undefined;
      const orgAdmin = (await adminUnitIds(app.database.db, user.id)).size > 0;
      const info: UserInfo = {
        fullname: user.fullname,
        headimgurl: user.headimgurl,
        username: user.username,
        unit,
        isSelect: unit ? 1 : 0,
        roles: user.roles,
        ...(orgAdmin ? { orgAdmin } : {}),
        // Read from the workflows alone, no count: where a login lands and whether the menu offers 工作台.
        ...(staffQueuePlaces(app.resources.list(), user, orgAdmin).length > 0 ? { workbench: true } : {}),
        ...(frozen ? { frozen } : {}),
        ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
        ...(user.passwordExpired ? { passwordExpired: true } : {}),
        // The SPA warns before these bite (SECURITY R10, ADR 0008).
        session: { idleTimeoutMs: user.session.idleTimeoutMs, expiresAt: user.session.expiresAt.toISOString() },
      };
      return ok(info);
    },
  );

  app.get(
    ENDPOINTS.userRoutes,
    {
      config: { access: 'user' },
      schema: {
        summary: '登录后生成的路由（仅“科研诚信”菜单，按权限过滤）',
        tags: ['用户'],
        response: okResponse({ type: 'array', items: { $ref: userRouteSchema.$id } }),
      },
    },
    async (request) => ok(userMenu(requireUser(request).permissions, app.resources.list())),
  );

  app.get(
    ENDPOINTS.userUnits,
    {
      config: { access: 'user' },
      schema: { summary: '我的单位列表', tags: ['用户'], response: okResponse({ type: 'array', items: userUnitSchema }) },
    },
    async (request) => {
      const user = requireUser(request);
      const { db } = app.database;
      const [all, current] = [await listUserUnits(db, user.id), await currentUnit(db, user.id)];
      const list: UserUnit[] = all.map((unit) => ({ ...unit, current: unit.id === current?.id }));
      return ok(list);
    },
  );

  app.post<{ Querystring: SwitchUnitQuery }>(
    ENDPOINTS.switchUnit,
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '切换当前单位（只能是自己的单位）',
        tags: ['用户'],
        querystring: switchUnitQuerySchema,
        response: okResponse(SWITCHED),
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Someone else's unit and a unit that does not exist look the same: 404 (SECURITY R16).
      const unit = await selectUserUnit(app.database.db, user.id, request.query.unitId);
      if (!unit) throw new AppError(404, 'notFound');
      return ok({ unit, isSelect: 1 }, serverMessage('unitSwitched', requestLocale(request)));
    },
  );
}
