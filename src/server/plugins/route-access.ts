import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AuthUser } from '../modules/auth/auth-user';

/** Who may call a route: anyone, or a logged-in user. Later issues add permission ids. */
export type RouteAccess = 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every route with the access it declared, for the reviewed public-route list test. */
    routeAccessList: { method: string; url: string; access: RouteAccess }[];
  }
}

const ACCESS_VALUES: readonly unknown[] = ['public', 'user'] satisfies RouteAccess[];

export interface RouteAccessOptions {
  /** Resolves the caller of a request, or undefined when it carries no live session. */
  authenticate: (request: FastifyRequest) => Promise<AuthUser | undefined>;
}

/**
 * Deny by default (SECURITY R14): every route must declare `config.access`, or the app refuses to
 * start; a `user` route is refused with 401 before its body is even parsed. Install this on the root
 * instance before any route is registered.
 */
export function installRouteAccess(app: FastifyInstance, options: RouteAccessOptions): void {
  const routeAccessList: FastifyInstance['routeAccessList'] = [];
  app.decorate('routeAccessList', routeAccessList);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const access: unknown = route.config?.access;
    const methods = [route.method].flat().join(',');
    if (!ACCESS_VALUES.includes(access)) {
      throw new Error(`route ${methods} ${route.url} declares no config.access ('public' or 'user'); every route must (deny by default)`);
    }
    routeAccessList.push({ method: methods, url: route.url, access: access as RouteAccess });
  });

  app.addHook('onRequest', async (request) => {
    // No route matched: the 404 handler answers, and nothing is exposed.
    if (request.is404) return;
    if (request.routeOptions.config.access === 'public') return;
    // Anything else needs a user: fail closed.
    const user = await options.authenticate(request);
    if (!user) throw new AppError(401, 'unauthorized');
    request.user = user;
  });
}

/** The caller of a `user` route; the onRequest hook has already refused anonymous requests. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'unauthorized');
  return request.user;
}
