import type { FastifyRequest } from 'fastify';
import type { AuthUser } from './auth-user';
import { findSessionUser } from './session-store';
import { hashSessionToken, isWellFormedToken } from './session-token';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The caller, from the `Authorization: Bearer` header only. Cookies are never read, so a cross-site
 * request cannot ride on a browser's cookie (SECURITY R13).
 */
export async function authenticate(request: FastifyRequest): Promise<AuthUser | undefined> {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = BEARER.exec(header)?.[1];
  if (!token || !isWellFormedToken(token)) return undefined;
  const { database, clock } = request.server;
  return findSessionUser(database.db, hashSessionToken(token), clock());
}
