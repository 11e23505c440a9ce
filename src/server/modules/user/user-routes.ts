import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { UserInfo } from '../../../shared/generated/user-info';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/route-access';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  // Spec §3 user info: only what the header shows.
  app.get(ENDPOINTS.userInfo, { config: { access: 'user' }, schema: { summary: '当前用户信息', tags: ['用户'] } }, async (request) => {
    const user = requireUser(request);
    const info: UserInfo = { fullname: user.fullname, headimgurl: user.headimgurl };
    return ok(info);
  });
}
