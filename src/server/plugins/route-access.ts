import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTION_KEYS } from '../../shared/permissions/action-keys';
import { hasPermission } from '../../shared/permissions/has-permission';
import { PERMISSION_IDS } from '../../shared/permissions/permission-ids';
import { SESSION_IDLE_REMAINING_HEADER } from '../../shared/rules/session-policy';
import { AppError } from '../lib/app-error';
import type { AuthUser } from '../lib/auth-user';
import { requestLocale } from '../i18n/request-locale';
import { serverMessage } from '../i18n/server-messages';

/**
 * Who may call a route: anyone, a logged-in user, or a logged-in user whose role grants the
 * permission check 'permissionId.action' (spec §6).
 */
export type RouteAccess = 'public' | 'user' | { permission: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * For a route whose access a studio publication may change (a resource list's scope and audience,
     * a spec alias that is gone; ADR 0042): the access it has now, asked at every request instead of
     * `access`, which stays the access it was registered with (the reviewed route-access list, the
     * OpenAPI document). It must answer a RouteAccess: anything else is refused (403), never opened.
     */
    accessNow?: (request: FastifyRequest) => RouteAccess;
    /**
     * A `user` route that a session may call while its password must still be changed (SECURITY
     * R07): the user info, the password change and the logouts. Every other route refuses it.
     */
    beforePasswordChange?: true;
    /**
     * A `user` route that a session still owing its second factor may call (SECURITY R06, ADR 0067): the
     * second-factor routes and the logouts. Every other route refuses such a session with 403.
     */
    beforeSecondFactor?: true;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every route with the access it declared, for the reviewed route-access list test. */
    routeAccessList: {
      method: string;
      url: string;
      access: RouteAccess;
      beforePasswordChange: boolean;
      beforeSecondFactor: boolean;
      live: boolean;
    }[];
  }
}

const KNOWN_ACTIONS: readonly string[] = ACTION_KEYS;

/**
 * A permission check names a known permission id and action key. Checked at start-up, because a
 * misspelt check would otherwise deny everyone silently (or, in a later refactor, match by accident).
 */
function isKnownPermissionCheck(check: unknown, permissionIds: () => readonly string[]): boolean {
  if (typeof check !== 'string') return false;
  const dot = check.lastIndexOf('.');
  return KNOWN_ACTIONS.includes(check.slice(dot + 1)) && permissionIds().includes(check.slice(0, dot));
}

/** `permissionIds` is asked only for a permission check: 'public' and 'user', most routes, cost nothing on each request. */
function isRouteAccess(access: unknown, permissionIds: () => readonly string[]): access is RouteAccess {
  if (access === 'public' || access === 'user') return true;
  if (typeof access !== 'object' || access === null) return false;
  const keys = Object.keys(access);
  return (
    keys.length === 1 && keys[0] === 'permission' && isKnownPermissionCheck((access as { permission: unknown }).permission, permissionIds)
  );
}

/** The permission check a route's access requires, if any. */
export function requiredPermission(access: RouteAccess | undefined): string | undefined {
  return typeof access === 'object' ? access.permission : undefined;
}

export interface RouteAccessOptions {
  /**
   * Resolves the caller of a request, or undefined when it carries no live session. May throw an
   * AppError to refuse with a reason of its own (401 sessionIdleTimeout).
   */
  authenticate: (request: FastifyRequest) => Promise<AuthUser | undefined>;
  /**
   * Told of every 403 of a permission route before it is answered (the app writes the ACCESS_DENIED
   * audit row, SECURITY R31); a throw here answers the request with that error instead.
   */
  onDenied?: (request: FastifyRequest, permission: string) => Promise<void>;
  /** Told of every 403 of a session that still owes its second factor (the app audits it as ACCESS_DENIED, SECURITY R06). */
  onSecondFactorMissing?: (request: FastifyRequest) => Promise<void>;
  /**
   * The permission ids a check may name: the product's and the resource folders'; by default the
   * product's. A function is asked at each check, so a folder created after start-up (ADR 0047) is known.
   */
  permissionIds?: readonly string[] | (() => readonly string[]);
}

/**
 * Deny by default (SECURITY R14): every route must declare `config.access`, or the app refuses to
 * start; a `user` route is refused with 401 before its body is even parsed, and a permission route
 * also with 403 when the caller's role lacks the permission. A session whose password must be
 * changed first gets 403 passwordChangeRequired on every route not marked `beforePasswordChange`.
 * A route may also say how its access is now (`accessNow`, a resource list a publication changed):
 * it still declares one, and the hook applies the live one in its place with the same refusals.
 * Install this on the root instance before any route is registered.
 */
export function installRouteAccess(app: FastifyInstance, options: RouteAccessOptions): void {
  const routeAccessList: FastifyInstance['routeAccessList'] = [];
  const given = options.permissionIds ?? Object.values(PERMISSION_IDS);
  const permissionIds = typeof given === 'function' ? given : () => given;
  app.decorate('routeAccessList', routeAccessList);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const access: unknown = route.config?.access;
    const methods = [route.method].flat().join(',');
    if (!isRouteAccess(access, permissionIds)) {
      throw new Error(
        `route ${methods} ${route.url} declares no config.access ('public', 'user' or { permission: '<known id>.<action>' }); every route must (deny by default)`,
      );
    }
    routeAccessList.push({
      method: methods,
      url: route.url,
      access,
      beforePasswordChange: route.config?.beforePasswordChange === true,
      beforeSecondFactor: route.config?.beforeSecondFactor === true,
      live: typeof route.config?.accessNow === 'function',
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    // No route matched: the 404 handler answers, and nothing is exposed.
    if (request.is404) return;
    const { access: declared, accessNow } = request.routeOptions.config;
    const access: unknown = accessNow ? accessNow(request) : declared;
    // A live access that is not one (a bug in its resolver) closes the route rather than opening it.
    if (!isRouteAccess(access, permissionIds)) throw new AppError(403, 'forbidden');
    if (access === 'public') return;
    // Anything else needs a user: fail closed.
    const user = await options.authenticate(request);
    if (!user) throw new AppError(401, 'unauthorized');
    request.user = user;
    // Only an authenticated request touches the session, so only its answer tells the SPA how long
    // the session has left (ADR 0008); a public route's answer says nothing, token or not.
    reply.header(SESSION_IDLE_REMAINING_HEADER, String(Math.max(0, user.session.idleRemainingMs)));
    // A password alone does not make a privileged login (SECURITY R06): until the second factor is
    // given, the token opens the second-factor routes and nothing else, the password change included.
    if (user.secondFactorPending && request.routeOptions.config.beforeSecondFactor !== true) {
      await options.onSecondFactorMissing?.(request);
      throw new AppError(403, 'secondFactorRequired');
    }
    // A password someone else chose (an administrator's) is known to them: until the owner replaces
    // it, the session serves only what it takes to replace it (SECURITY R07). Checked before the
    // permission, so an administrator's new account cannot act as one either.
    // An expired password (R01) takes the same path, with its own words.
    // A password-only session reached this point on a second-factor route: the login finishes first, and the
    // full session it becomes is then held to the change.
    if (user.mustChangePassword && !user.secondFactorPending && request.routeOptions.config.beforePasswordChange !== true)
      throw new AppError(
        403,
        'passwordChangeRequired',
        user.passwordExpired ? { msg: serverMessage('passwordExpired', requestLocale(request)) } : {},
      );
    const permission = requiredPermission(access);
    // Logged in, but the role does not grant it: 403, so the client can tell this from a lost session.
    if (permission !== undefined && !hasPermission(user.permissions, permission)) {
      await options.onDenied?.(request, permission);
      throw new AppError(403, 'forbidden');
    }
  });
}

/** The caller of a `user` route; the onRequest hook has already refused anonymous requests. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'unauthorized');
  return request.user;
}
