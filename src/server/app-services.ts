import type { Database } from './db/database';
import type { ServerConfig } from './config/server-config';
import type { Clock } from './lib/clock';
import type { SchemaRegistry } from './modules/form-schemas/schema-registry';

/*
 * The services every module may use, decorated on the root instance by buildApp() and so visible in
 * every encapsulated route plugin.
 */
declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    clock: Clock;
    schemaRegistry: SchemaRegistry;
    appConfig: ServerConfig;
  }
}

export {};
