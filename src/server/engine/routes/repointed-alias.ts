import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { RouteAccess } from '../../plugins/route-access';
import { aliasKey, sameAlias, type ResourceAlias } from '../units/resource-alias';
import type { CompiledResource } from '../units/compiled-resource';
import { forwardAlias } from './live-alias-routes';

/** A start-up alias as it is live now: still the same call, gone, or pointed at another action of its folder. */
type AliasNow = { kind: 'same' } | { kind: 'gone' } | { kind: 'moved'; resource: CompiledResource; alias: ResourceAlias };

function aliasNow(app: FastifyInstance, resourceName: string, started: ResourceAlias): AliasNow {
  const resource = app.resources.get(resourceName);
  const live = resource?.resource.aliases?.find((candidate) => aliasKey(candidate) === aliasKey(started));
  if (!resource || !live) return { kind: 'gone' };
  return sameAlias(live, started) ? { kind: 'same' } : { kind: 'moved', resource, alias: live };
}

/** The hooks a start-up alias route is mounted with, so that it follows the live alias at its method and path. */
export interface StartUpAliasHooks {
  /** onRequest, first: a publication removed the alias, so every caller gets the 404 before any check of the route's own. */
  goneIs404: (request: FastifyRequest) => Promise<void>;
  /** The route's access while the alias is its own; 'public' otherwise (gone: the 404; moved: the target route decides). */
  accessNow: (own: (request: FastifyRequest) => RouteAccess) => (request: FastifyRequest) => RouteAccess;
  /** preValidation, first: the alias now names another action, so its own route serves the request, as the catch-all does. */
  forwardIfMoved: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
}

/**
 * A start-up alias is a static route mounted on its first action's handler and schema (ADR 0042). A
 * publication may remove it (ADR 0042) or point its path at another action of the folder (ADR 0051): then,
 * before the route's own schema checks the body, the request is forwarded in-process to the new action's
 * route exactly as the catch-all forwards an alias added live (live-alias-routes.ts), with the caller's token,
 * language, captcha and address; that route applies its own access, rate limit, write pipeline and audit. The
 * import's alias is never a target (its multipart body only its own plugin parses; the publication refuses it).
 */
export function startUpAliasHooks(app: FastifyInstance, resourceName: string, started: ResourceAlias): StartUpAliasHooks {
  return {
    goneIs404: async () => {
      if (aliasNow(app, resourceName, started).kind === 'gone') throw new AppError(404, 'notFound');
    },
    accessNow: (own) => (request) => (aliasNow(app, resourceName, started).kind === 'same' ? own(request) : 'public'),
    forwardIfMoved: async (request, reply) => {
      const now = aliasNow(app, resourceName, started);
      if (now.kind !== 'moved') return undefined;
      if (now.alias.action === 'import') throw new AppError(404, 'notFound');
      return forwardAlias(app, request, reply, now.resource, now.alias);
    },
  };
}
