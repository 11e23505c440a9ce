import type { Database } from './db/database';
import type { ServerConfig } from './config/server-config';
import type { Clock } from './lib/clock';
import type { FileStore } from './services/files/file-store';
import type { ActivityRegistry } from './engine/units/activity-registry';
import type { ListSource } from './engine/records/list-source';
import type { MapRegistry } from './modules/maps/map-registry';
import type { ResourceRegistry } from './engine/units/resource-registry';
import type { SchemaRegistry } from './engine/units/schema-registry';
import type { SiteRegistry } from './engine/units/site-registry';
import type { DashboardRegistry } from './engine/units/dashboard-registry';
import type { DictionaryRegistry } from './engine/units/dictionary-registry';
import type { WorkflowRegistry } from './engine/units/workflow-registry';
import type { MailSender } from './services/senders/mail-sender';
import type { SmsSender } from './services/senders/sms-sender';
import type { DeliveryQueue } from './services/delivery/delivery-queue';
import type { SsoHttp } from './modules/passport/sso-http';
import type { SchemaSync } from './engine/units/schema-sync';

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
    /** The resource folders under schemas/resources, checked and compiled at start (ADR 0010). */
    resources: ResourceRegistry;
    /** The district maps under schemas/maps, checked at start (issue 14). */
    maps: MapRegistry;
    /** The site's navigation (schemas/site/navigation.json), checked against the live folders' pages (issue 30), published by the studio (ADR 0033). */
    site: SiteRegistry;
    /** The dashboards (schemas/dashboards/<name>.dashboard.json), checked against the live folders' lists, published by the studio (ADR 0037). */
    dashboards: DashboardRegistry;
    /** The dictionaries (schemas/dicts/<code>.json) as studio units; served from the dicts tables, which a publication writes (ADR 0046). */
    dictionaries: DictionaryRegistry;
    /** The shared workflows (schemas/workflows/<name>.workflow.json) as studio units, installed in every folder that names them (ADR 0053). */
    workflows: WorkflowRegistry;
    /** The modules' own tables that resource folders with a `source` list (ADR 0010); each module's plugin adds its own. */
    listSources: Map<string, ListSource>;
    appConfig: ServerConfig;
    /** SMS delivery: the development outbox, a gateway behind the delivery queue, or none (SMS_SENDER, ADR 0034). */
    smsSender: SmsSender;
    /** Mail delivery: the development outbox, SMTP behind the delivery queue, or none (MAIL_SENDER, ADR 0034). */
    mailSender: MailSender;
    /** The messages for real gateways, recorded in message_deliveries and delivered by the job queue's worker. */
    deliveryQueue: DeliveryQueue;
    /** Server-to-server calls to the SSO provider's token and userinfo endpoints. */
    ssoHttp: SsoHttp;
    /** Demo accounts (documented password) exist: the pages say 演示环境 and the server stays on loopback. */
    demoAccounts: boolean;
    /** The bytes of attachments: the data folder, or the database shared by every process (issue 15). */
    fileStore: FileStore;
    /** Installs what the studio publishes from any process, and finds the versions drafts are pinned to (ADR 0026). */
    schemaSync: SchemaSync;
    /**
     * The attachment parser's stop, in bytes: the largest x-upload maxSize the vocabulary allows
     * (UPLOAD_LIMIT_CEILING); each upload is held to its live field's own maxSize as it streams.
     */
    uploadLimit: number;
  }
}

export {};
