import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { AppError } from '../../lib/app-error';
import { UNIT_KINDS, registryOf } from '../../engine/units/unit-registries';

/** Not the envelope: load balancers and probes read this as it is. */
const HEALTH_RESPONSE = {
  200: {
    type: 'object',
    additionalProperties: false,
    required: ['status', 'db'],
    properties: {
      status: { type: 'string', enum: ['ok'] },
      db: { type: 'string', enum: ['pglite', 'postgres'], title: '数据库' },
      // Only where and not why: the problems themselves are in the log and the studio.
      skippedSchemas: { type: 'array', items: { type: 'string' }, title: '启动时因有误而跳过的 schema（详见日志和表单设计页面）' },
    },
  },
};

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Ready means the database answers, not merely that the process is up.
  app.get(
    ENDPOINTS.health,
    { config: { access: 'public' }, schema: { summary: '健康检查', tags: ['系统'], response: HEALTH_RESPONSE } },
    async (request) => {
      try {
        await app.database.db.execute(sql`SELECT 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'serviceUnavailable');
      }
      const skipped = UNIT_KINDS.flatMap((kind) => registryOf(app, kind).skipped()).map((unit) => unit.path);
      return { status: 'ok', db: app.database.kind, ...(skipped.length > 0 ? { skippedSchemas: skipped } : {}) };
    },
  );
}

const PROBE_RESPONSE = {
  200: { type: 'object', additionalProperties: false, required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
};

/**
 * The load balancer's probes, outside /api (issue 15): /livez says the process runs (restart it when
 * not), /readyz that it can serve now (send it traffic when so); docs/deployment.md, not the API
 * document, describes them. While a process shuts down,
 * Fastify answers 503 to new requests and drains those under way.
 */
export async function probeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/livez', { config: { access: 'public' }, schema: { hide: true, response: PROBE_RESPONSE } }, async () => ({
    status: 'ok' as const,
  }));
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true, response: PROBE_RESPONSE } }, async (request) => {
    try {
      await app.database.db.execute(sql`SELECT 1`);
    } catch (error) {
      request.log.error({ err: error }, 'readiness: database unreachable');
      throw new AppError(503, 'serviceUnavailable');
    }
    return { status: 'ok' as const };
  });
}
