import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeMethod } from '../lib/request-input';

/** How a public GET's answer to a visitor may be kept by browsers and shared caches (ADR 0054). */
export interface PublicCache {
  /**
   * Seconds a cache may use the answer without asking again. 0: it asks each time with If-None-Match
   * and gets a bodiless 304 while the answer is unchanged, so a studio publication still shows at the
   * next request.
   */
  maxAgeSeconds: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public GET whose answer is the same for every visitor: a visitor's successful answer is marked
     * `public` instead of `no-store`. An answer to a request with a token or a cookie stays `no-store`.
     */
    publicCache?: PublicCache;
  }
}

/** For what the studio can change (dictionaries, navigation, forms, activities, record types): revalidated at each use. */
export const REVALIDATE_EACH_TIME: PublicCache = { maxAgeSeconds: 0 };

export function publicCacheControl(policy: PublicCache): string {
  return policy.maxAgeSeconds > 0 ? `public, max-age=${policy.maxAgeSeconds}` : 'public, no-cache';
}

/**
 * The policy that applies to this answer: its route's, when the answer is a visitor's GET that
 * succeeded; undefined for anything else, which keeps the API's `no-store` (security-headers.ts).
 */
export function publicCacheOf(request: FastifyRequest, reply: FastifyReply): PublicCache | undefined {
  const policy = request.routeOptions.config.publicCache;
  if (!policy || routeMethod(request) !== 'GET') return undefined;
  // The server reads the caller from Authorization only, but the SPA also keeps its token in a cookie
  // (Access-Token): a request with either is a logged-in user's, and their answer is not shared.
  if (request.headers.authorization !== undefined || request.headers.cookie !== undefined) return undefined;
  // An error is about this request and this moment; 304 is the revalidated 200 (@fastify/etag).
  if (reply.statusCode !== 200 && reply.statusCode !== 304) return undefined;
  // A shared cache would hand the cookie to everyone.
  if (reply.hasHeader('set-cookie')) return undefined;
  return policy;
}

/** Adds header names to Vary, each once, whatever the case the earlier ones were written in. */
function addVary(reply: FastifyReply, names: readonly string[]): void {
  const current = reply.getHeader('vary');
  const listed = (Array.isArray(current) ? current : current === undefined ? [] : [String(current)])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const known = new Set(listed.map((value) => value.toLowerCase()));
  const added = names.filter((name) => !known.has(name.toLowerCase()));
  if (added.length > 0) reply.header('vary', [...listed, ...added].join(', '));
}

/**
 * ETags and 304s (@fastify/etag: a weak tag, the hash of the body before any compression, so one tag
 * for every encoding), and the `public` Cache-Control of the routes that declare `publicCache`.
 * The Vary of a public answer names Accept-Encoding, as it may be compressed, and Authorization, so
 * that a shared cache never hands a visitor's copy to a logged-in user (the navigation differs).
 * Lowercase, as @fastify/compress and @fastify/static look for `accept-encoding` as written.
 */
export async function installPublicCache(app: FastifyInstance): Promise<void> {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = publicCacheOf(request, reply);
    if (policy) {
      reply.header('cache-control', publicCacheControl(policy));
      addVary(reply, ['accept-encoding', 'authorization']);
    }
    return payload;
  });
}
