import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import type { PublicCache } from '../../plugins/public-cache';

// The GeoJSON as checked at start-up (schemas/meta/map.schema.json), passed on as it is.
/** A map changes only with a release, so a cache may keep it an hour without asking. */
const MAP_CACHE: PublicCache = { maxAgeSeconds: 3600 };

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
      config: { access: 'public', publicCache: MAP_CACHE },
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
    async (request) => {
      const map = app.maps.get(request.params.name);
      if (!map) throw new AppError(404, 'notFound');
      return ok(map.geo);
    },
  );
}
