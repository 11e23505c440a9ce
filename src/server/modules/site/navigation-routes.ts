import type { FastifyInstance } from 'fastify';
import siteNavigationSchema from '../../../../schemas/api/site-navigation.schema.json';
import { navigationFor } from '../../../shared/site/navigation-for';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { REVALIDATE_EACH_TIME } from '../../plugins/public-cache';
import { optionalCaller } from '../../services/auth/authenticate';

/**
 * GET /api/site/navigation: the top menu, the home tiles and the footer as this caller may use them
 * (a visitor never receives the entries for users or for a permission). Public: a token, when sent,
 * only adds the caller's own entries. A visitor's answer is cached and revalidated (ADR 0054); a
 * caller's with a token stays no-store.
 */
export async function navigationRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/site/navigation',
    {
      config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
      schema: {
        summary: '站点导航：顶部菜单、首页服务入口和页脚链接（按调用者可见范围）',
        tags: ['站点'],
        response: okResponse(siteNavigationSchema),
      },
    },
    async (request, reply) => {
      const user = await optionalCaller(request);
      // Differs by caller: a shared cache must not hand one user's menu to another.
      reply.header('vary', 'Authorization');
      // The studio's live version (ADR 0033): a publication shows at the next request, in other processes after their schema sync.
      return ok(navigationFor(app.site.navigation(), user ? { kind: 'user', permissions: user.permissions } : { kind: 'visitor' }));
    },
  );
}
