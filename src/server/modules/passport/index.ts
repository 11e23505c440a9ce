import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { authRoutes } from './auth-routes';
import { devSsoRoutes } from './dev-sso-routes';
import { mfaRoutes } from './mfa-routes';
import { passportRoutes } from './passport-routes';
import { registerRoutes } from './register-routes';
import { smsRoutes } from './sms-routes';
import { ssoRoutes } from './sso-routes';

/** The passport (ADR 0005): login and its second factor (ADR 0067), logout, SMS codes and password reset, registration, single sign-on. */
export async function passportModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [
    authRoutes,
    passportRoutes,
    mfaRoutes,
    smsRoutes,
    registerRoutes,
    ssoRoutes,
    // Mounts nothing unless the development SSO provider is allowed (ADR 0005); its own context holds the form parser.
    devSsoRoutes,
  ]);
}
