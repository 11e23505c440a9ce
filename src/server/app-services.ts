import type { Database } from './db/database';
import type { ServerConfig } from './config/server-config';
import type { Clock } from './lib/clock';
import type { ActivityRegistry } from './modules/activity/activity-registry';
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
    /** The activity folders under schemas/activities, compiled at start (ADR 0004). */
    activities: ActivityRegistry;
    appConfig: ServerConfig;
  }
}

export {};
