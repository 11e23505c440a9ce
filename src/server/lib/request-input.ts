import type { FastifyRequest } from 'fastify';

/**
 * Fastify answers a HEAD from the GET route of the same path (exposeHeadRoutes): the same hooks and handler run,
 * and the body is dropped on the way out. So a handler must read a HEAD as the GET it stands for: its input is the
 * query string, and its method, to a table of GET and POST calls (the spec's aliases), is GET. Reading
 * `request.method === 'GET'` instead sent a HEAD to the body, undefined, and the handler to a 500 (issue 34); ESLint
 * refuses that comparison in src/server, so every handler goes through these.
 */
const QUERY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** The method a route was declared with: GET for a HEAD, else the request's own. */
export function routeMethod(request: Pick<FastifyRequest, 'method'>): string {
  return QUERY_METHODS.has(request.method) ? 'GET' : request.method;
}

/** A GET route (and its HEAD twin) reads its input from the query string, any other from the body. */
export function requestInput(request: Pick<FastifyRequest, 'method' | 'query' | 'body'>): unknown {
  return QUERY_METHODS.has(request.method) ? request.query : request.body;
}
