import type { FastifyInstance } from 'fastify';
import { registerApiRoutes } from '../../lib/register-api-routes';
import { attachmentRoutes } from './attachment-routes';

/**
 * Uploads and downloads. Its own encapsulated context: the multipart parser exists only there, so every
 * other route still refuses non-JSON with 415.
 */
export async function attachmentModule(app: FastifyInstance): Promise<void> {
  await registerApiRoutes(app, [attachmentRoutes]);
}
