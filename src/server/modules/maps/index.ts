import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { mapPageProblems } from './map-page-problems';
import { mapRoutes } from './map-routes';

/**
 * The offline district maps under schemas/maps (ADR 0020). A folder's map page published live is held
 * to the start's rule against the live dictionaries (ADR 0051).
 */
export async function mapsModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [mapRoutes]);
  app.resources.guardCandidates((candidate) =>
    mapPageProblems(candidate, app.maps, (code) => app.dictionaries.get(code)?.file.items.map((item) => item.dictKey)),
  );
}
