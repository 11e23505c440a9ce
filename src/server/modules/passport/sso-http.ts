import type { FastifyInstance } from 'fastify';

export interface SsoHttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SsoHttpResponse {
  status: number;
  body: string;
}

/** One server-to-server HTTP exchange with the SSO provider. */
export type SsoHttp = (request: SsoHttpRequest) => Promise<SsoHttpResponse>;

const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * Absolute URLs go out with fetch (the real provider); a path is the development provider mounted in
 * this very server, reached through inject() so that it works with no listening socket (tests) and
 * no knowledge of the server's own address.
 */
export function createSsoHttp(app: FastifyInstance): SsoHttp {
  return async (request) => {
    if (request.url.startsWith('/')) {
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.body === undefined ? {} : { payload: request.body }),
      });
      return { status: response.statusCode, body: response.body };
    }
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    return { status: response.status, body: await response.text() };
  };
}
