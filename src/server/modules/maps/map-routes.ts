import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';

// The GeoJSON as checked at start-up (schemas/meta/map.schema.json), passed on as it is.
const MAP_RESPONSE = okResponse({
  type: 'object',
  required: ['type', 'features'],
  additionalProperties: true,
  properties: { type: { type: 'string' }, features: { type: 'array', items: { type: 'object', additionalProperties: true } } },
});

/**
 * GET /api/maps/:name: a district map of schemas/maps, public like the form schemas (what a page
 * looks like is no secret). Served by the portal itself, so a map page makes no request elsewhere.
 */
export async function mapRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>(
    '/maps/:name',
    {
      config: { access: 'public' },
      schema: {
        summary: '区划地图（GeoJSON，随门户发布，无需外网）',
        tags: ['地图'],
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } },
        },
        response: MAP_RESPONSE,
      },
    },
    async (request, reply) => {
      const map = app.maps.get(request.params.name);
      if (!map) throw new AppError(404, 'notFound');
      reply.header('cache-control', 'public, max-age=3600');
      return ok(map.geo);
    },
  );
}
