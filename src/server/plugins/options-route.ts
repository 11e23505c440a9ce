import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/** The methods a route of the app may answer (OPTIONS itself is this route's). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface OptionsRouteOptions {
  /**
   * Whether a catch-all route (a `*` pattern: the SPA's pages, the aliases a publication added) answers this method
   * at this path with more than the 404 every unknown path gets.
   */
  catchAllServes(method: string, path: string): boolean;
}

/**
 * OPTIONS on any path (issue 34): Fastify has no answer of its own, so every OPTIONS was the 404 of an unknown
 * route. Now a path some route serves answers 204 with `Allow` naming its methods, found in the router as a request
 * would be; a path none serves is the usual 404. No CORS: the answer names no `Access-Control-Allow-*`, so a
 * browser refuses another origin's preflight, and the API stays same-origin (SECURITY R13). The route answers from
 * the router alone: no login, no database.
 */
export function installOptionsRoute(app: FastifyInstance, options: OptionsRouteOptions): void {
  app.options('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const allowed = METHODS.filter((method) => {
      const found = app.findRoute({ method, url: path });
      return found !== null && (found.params['*'] === undefined || options.catchAllServes(method, path));
    });
    if (allowed.length === 0) throw new AppError(404, 'notFound');
    return reply
      .code(204)
      .header('allow', ['OPTIONS', ...allowed].join(', '))
      .send();
  });
}
