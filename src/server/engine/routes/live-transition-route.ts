import type { FastifyInstance } from 'fastify';
import recordTransitionRequestSchema from '../../../../schemas/api/record-transition-request.schema.json';
import recordViewSchema from '../../../../schemas/api/record-view.schema.json';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { okResponse } from '../../lib/ok-response';
import { answerTransition, liveTransitionAccess } from './live-transition';

interface TransitionParams {
  resource: string;
  transition: string;
}

/**
 * The transitions a studio publication added after start-up (ADR 0044), and those of folders created
 * later: one parametric route, registered once, that takes whatever transition the live workflow has
 * now. find-my-way prefers the static routes, so a transition known at start-up keeps its own route
 * (with its OpenAPI entry) and only the others reach this one. It declares 'user' (every transition
 * has an actor who signs in); route access applies the live transition's own (accessNow), so a
 * reviewer's is a 403 without its permission, and a transition that is not live is a 404 for everyone.
 * The handler is the static routes' own (answerTransition).
 */
export function liveTransitionRoute(app: FastifyInstance): void {
  const params = (request: { params: unknown }): TransitionParams => request.params as TransitionParams;
  app.post(
    '/resources/:resource/transitions/:transition',
    {
      config: {
        access: 'user',
        accessNow: (request) => liveTransitionAccess(app, params(request).resource, params(request).transition),
        idempotent: true,
        rateLimit: { max: 60, timeWindow: 60_000 },
      },
      schema: {
        summary: '在线发布后新增的流转（谁可办理由该流转的 actor 和 permission 决定）',
        tags: ['资源：在线发布的流转'],
        body: recordTransitionRequestSchema,
        response: okResponse(recordViewSchema as JsonSchema),
      },
    },
    async (request) => answerTransition(app, request, params(request).resource, params(request).transition),
  );
}
