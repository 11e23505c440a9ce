import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../shared/schema/create-ajv';

/**
 * Route schemas are checked by the shared ajv factory, not Fastify's default instance: strict mode,
 * no type coercion and no silent removal of unknown properties (they are rejected), and the errors
 * map to field errors the same way as the form schemas' do.
 */
export function installValidatorCompiler(app: FastifyInstance): void {
  const ajv = createAjv();
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
}
