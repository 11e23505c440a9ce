import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { AppError } from '../../lib/app-error';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Ready means the database answers, not merely that the process is up.
  app.get(ENDPOINTS.health, { config: { access: 'public' }, schema: { summary: '健康检查', tags: ['系统'] } }, async (request) => {
    try {
      await app.database.db.execute(sql`SELECT 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'serviceUnavailable');
    }
    return { status: 'ok', db: app.database.kind };
  });
}
