import type { SsoProviderConfig } from '../../config/server-config';
import { AppError } from '../../lib/app-error';
import type { SsoHttp } from './sso-http';

/** The subject is an opaque string from the provider; anything longer than this is not one we store. */
const MAX_SUBJECT_LENGTH = 255;

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

// RFC 6749 §2.3.1: client id and secret are form-encoded before they go into Basic credentials.
function basicAuth(provider: SsoProviderConfig): string {
  const pair = `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

/**
 * RFC 6749 §4.1.3 + RFC 7636: trades the authorization code (with the PKCE verifier) for an access
 * token at the token endpoint, server to server, then reads the subject from the userinfo endpoint.
 * Any failure of the provider is one 502: the browser learns nothing about the provider's internals.
 */
export async function fetchSsoSubject(http: SsoHttp, provider: SsoProviderConfig, code: string, codeVerifier: string): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: provider.redirectUri,
    code_verifier: codeVerifier,
  });
  const tokenResponse = await http({
    method: 'POST',
    url: provider.tokenUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: basicAuth(provider) },
    body: form.toString(),
  }).catch(() => undefined);
  const token = tokenResponse?.status === 200 ? parseJson(tokenResponse.body) : undefined;
  const accessToken = token?.['access_token'];
  const tokenType = token?.['token_type'];
  if (typeof accessToken !== 'string' || !accessToken || typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer') {
    throw new AppError(502, 'ssoProviderError');
  }

  const userinfoResponse = await http({
    method: 'GET',
    url: provider.userinfoUrl,
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  }).catch(() => undefined);
  const userinfo = userinfoResponse?.status === 200 ? parseJson(userinfoResponse.body) : undefined;
  const subject = userinfo?.['sub'];
  if (typeof subject !== 'string' || subject.length === 0 || subject.length > MAX_SUBJECT_LENGTH)
    throw new AppError(502, 'ssoProviderError');
  return subject;
}

/** The authorize URL the browser is sent to; a path (the development provider) stays a path. */
export function authorizeUrl(provider: SsoProviderConfig, state: string, codeChallenge: string): string {
  const relative = provider.authorizeUrl.startsWith('/');
  const url = new URL(provider.authorizeUrl, 'http://portal.invalid');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', provider.redirectUri);
  url.searchParams.set('scope', 'openid');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return relative ? `${url.pathname}${url.search}` : url.toString();
}
