import { API_BASE, ENDPOINTS } from '../../../shared/api/endpoints';
import { isDemoMode, type ServerConfig, type SsoProviderConfig } from '../../config/server-config';

/**
 * The development provider (dev-sso-routes.ts), as the portal sees it. Paths rather than URLs: the
 * browser follows them on this server and the token calls are injected (sso-http.ts). The secret only
 * keys this stand-in's own codes; it guards nothing real.
 */
export const DEV_SSO_PROVIDER: SsoProviderConfig = {
  issuer: 'urn:kechuang:dev-sso',
  authorizeUrl: `${API_BASE}${ENDPOINTS.devSsoAuthorize}`,
  tokenUrl: `${API_BASE}${ENDPOINTS.devSsoToken}`,
  userinfoUrl: `${API_BASE}${ENDPOINTS.devSsoUserinfo}`,
  clientId: 'kechuang-portal-dev',
  clientSecret: 'kechuang-dev-sso-secret',
  redirectUri: `${API_BASE}${ENDPOINTS.ssoCallback}`,
};

/** The development provider is mounted unless NODE_ENV is production, or when DEV_SSO=true says so. */
export function devSsoEnabled(config: Pick<ServerConfig, 'devSso' | 'nodeEnv' | 'databaseUrl'>): boolean {
  // It signs anyone in as any subject, so by default only where no real users can be: the tests and
  // the embedded demo. A PostgreSQL deployment gets it only by saying DEV_SSO=true.
  return config.devSso ?? (config.nodeEnv === 'test' || isDemoMode(config));
}

/** The provider logins go to: the configured one, else the development one when mounted, else none. */
export function ssoProvider(config: Pick<ServerConfig, 'sso' | 'devSso' | 'nodeEnv' | 'databaseUrl'>): SsoProviderConfig | undefined {
  if (config.sso) return config.sso;
  return devSsoEnabled(config) ? DEV_SSO_PROVIDER : undefined;
}
