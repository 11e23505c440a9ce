import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import './app-services';
import { assertCaptchaFixedAllowed, isDemoMode, isLoopbackHost, type ServerConfig } from './config/server-config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { prepareDatabase } from './seed/prepare-database';
import { hasDemoAccounts } from './seed/seed-demo-users';
import { systemClock, type Clock } from './lib/clock';
import { seedDemoContent } from './seed/seed-demo-content';
import { catchUpSearchIndex } from './services/search/catch-up-search-index';
import { ACTIVITY_SOURCE, activityDocuments } from './modules/search/search-sources';
import { SEGMENTER_VERSION } from './services/search/word-segmenter';
import { fileStoreKind, openFileStore } from './services/files/open-file-store';
import { loadActivityRegistry } from './engine/units/activity-registry';
import { checkMapPages } from './modules/maps/check-map-pages';
import { loadMapRegistry } from './modules/maps/map-registry';
import { loadResourceRegistry } from './engine/units/resource-registry';
import { ensureUniqueValueIndexes } from './engine/records/unique-value-index';
import { resealRecords } from './engine/records/reseal-records';
import { personalCipherOf } from './services/crypto/personal-cipher';
import { openIfSealed } from './services/crypto/personal-values';
import { resealApplications } from './modules/application/reseal-applications';
import { prepareResourcePublication, writeResourcePublication } from './engine/records/resource-publication-effects';
import { loadDataMasterKey } from './config/data-master-key';
import { loadRecordSealKey } from './config/record-seal-key';
import { catalogueWithResourceGrants } from './modules/role/catalogue-with-resource-grants';
import { PERMISSION_IDS } from '../shared/permissions/permission-ids';
import { UPLOAD_LIMIT_CEILING } from './engine/units/resolve-upload-field';
import { auditAccessDenied, auditSecondFactorMissing } from './services/audit/audit-access-denied';
import { auditRateLimited } from './services/audit/audit-rate-limited';
import { authenticate, hasLiveSession } from './services/auth/authenticate';
import { loadSchemaRegistry } from './engine/units/schema-registry';
import { loadSiteRegistry } from './engine/units/site-registry';
import { loadDashboardRegistry } from './engine/units/dashboard-registry';
import { loadDictionaryRegistry } from './engine/units/dictionary-registry';
import { loadWorkflowRegistry } from './engine/units/workflow-registry';
import { UNIT_KINDS, registryOf } from './engine/units/unit-registries';
import type { MailSender } from './services/senders/mail-sender';
import type { SmsSender } from './services/senders/sms-sender';
import { buildSenders } from './services/senders/build-senders';
import { createSsoHttp, type SsoHttp } from './modules/passport/sso-http';
import { installErrorEnvelope } from './plugins/error-envelope';
import { installResponseSchemas } from './plugins/response-schemas';
import { installOpenApi } from './engine/routes/openapi';
import { installRateLimit } from './plugins/rate-limit';
import { installIdempotency } from './plugins/idempotency';
import { DEFAULT_ANONYMOUS_READS_PER_MINUTE, installAnonymousReadBudget } from './plugins/anonymous-read-budget';
import { installRouteAccess } from './plugins/route-access';
import { installSecurityHeaders } from './plugins/security-headers';
import { installCompression } from './plugins/compression';
import { installPublicCache } from './plugins/public-cache';
import { installSpaStatic } from './plugins/spa-static';
import { firstScreenHead } from './plugins/first-screen-head';
import { installOptionsRoute } from './plugins/options-route';
import { liveAliasServes } from './engine/routes/live-alias-routes';
import { API_BASE } from '../shared/api/endpoints';
import { installValidatorCompiler } from './plugins/validator-compiler';
import { lazySerializerBuilder } from './plugins/lazy-serializer-builder';
import { installInputGuard } from './plugins/input-guard';
import { guardBuiltInForms } from './engine/write/guard-built-in-forms';
import { installWritePipeline } from './engine/write/write-pipeline';
import { startSchemaSync } from './engine/units/schema-sync';
import { formatUnitProblem } from './engine/units/schema-unit-error';
import { engineRoutes } from './engine/routes';
import { accountModule } from './modules/account';
import { applicationModule } from './modules/application';
import { attachmentModule } from './modules/attachment';
import { auditModule } from './modules/audit';
import { captchaModule } from './modules/captcha';
import { cspReportModule } from './modules/csp-report';
import { devOutboxModule } from './modules/dev-outbox';
import { deliveryModule } from './modules/delivery';
import { dictModule } from './modules/dict';
import { healthModule } from './modules/health';
import { mapsModule } from './modules/maps';
import { messageModule } from './modules/message';
import { notificationModule } from './modules/notification';
import { passportModule } from './modules/passport';
import { roleModule } from './modules/role';
import { searchModule } from './modules/search';
import { siteModule } from './modules/site';
import { studioModule } from './modules/studio';
import { userModule } from './modules/user';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  config: ServerConfig;
  /** An open database to use (tests); by default one is opened from the config. The app closes it. */
  database?: Database;
  /** Defaults to isDemoMode(config). */
  seedDemoUsers?: boolean;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Collect the OpenAPI document (npm run docs:api); off in a running portal. */
  openapi?: boolean;
  /** Another SMS sender; by default the one SMS_SENDER names: the outbox, a queued gateway or none (ADR 0034). */
  smsSender?: SmsSender;
  /** Another mail sender; by default the one MAIL_SENDER (or SMTP_URL) names (ADR 0034). */
  mailSender?: MailSender;
  /** How the server reaches the SSO provider; by default fetch, or inject() for the development provider. */
  ssoHttp?: SsoHttp;
}

/**
 * Builds the whole app (database prepared, every plugin and route registered, ready) and never
 * listens: server.ts listens, tests call inject(). Throws, with the database closed again, when
 * anything is misconfigured, so a bad start never half-serves.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  assertCaptchaFixedAllowed(config);
  const schemaRegistry = await loadSchemaRegistry(config.schemasDir);
  const activities = await loadActivityRegistry(config.schemasDir);
  const resources = await loadResourceRegistry(config.schemasDir, {
    sealKey: await loadRecordSealKey(config.recordSealKey, config.dataDir),
  });
  // What a publication of a folder does in the database: a new x-unique checked and indexed online, a first x-mask's grant (ADR 0045).
  resources.usePublicationEffects({ before: prepareResourcePublication, during: writeResourcePublication });
  const maps = await loadMapRegistry(config.schemasDir);
  await checkMapPages(config.schemasDir, resources.list(), maps);
  const site = await loadSiteRegistry(config.schemasDir, () => resources.list());
  const dashboards = await loadDashboardRegistry(config.schemasDir, () => resources.list());
  const dictionaries = await loadDictionaryRegistry(config.schemasDir);
  const workflows = await loadWorkflowRegistry(config.schemasDir, resources);
  const roleCatalogue = catalogueWithResourceGrants(resources.list());
  const database = options.database ?? (await openDatabase(config));
  try {
    const demo = options.seedDemoUsers ?? isDemoMode(config);
    await prepareDatabase(database, {
      schemasDir: config.schemasDir,
      seedDemoUsers: demo,
      roleCatalogue,
      dataMasterKey: await loadDataMasterKey(config.dataKey, config.dataDir),
      dataCipher: config.dataCipher,
    });
    await ensureUniqueValueIndexes(
      database.db,
      resources.list().flatMap((resource) => resource.uniqueFields),
    );
    // Personal values of records written in clear (before ADR 0070) or under a retired key, sealed now, in batches.
    await resealRecords(database.db, resources.list());
    await resealApplications(database.db, activities.list());
    const fileStore = await openFileStore(fileStoreKind(config), database.db, config.dataDir);
    if (demo) await seedDemoContent(database.db, { resources, schemas: schemaRegistry }, (options.clock ?? systemClock)(), fileStore);
    // The search index in step with the records and the activity folders (issue 13).
    const indexers = resources.list().flatMap((resource) => (resource.indexer ? [resource.indexer] : []));
    await catchUpSearchIndex(
      database.db,
      indexers,
      new Map([[ACTIVITY_SOURCE, activityDocuments(activities, SEGMENTER_VERSION)]]),
      (options.clock ?? systemClock)(),
    );

    const app = Fastify({
      logger: options.logger ?? false,
      // Response serializers are built at a route's first answer, not at start-up (issue 16).
      schemaController: { compilersFactory: { buildSerializer: lazySerializerBuilder() } },
      bodyLimit: BODY_LIMIT_BYTES,
      // Ids are for correlating a 500 with the log, so make them unguessable rather than sequential.
      genReqId: () => crypto.randomUUID(),
      // X-Forwarded-For is believed from TRUST_PROXY's addresses only; without it request.ip, and every
      // per-IP rate limit, is the socket's address, whatever a client writes in the header (SECURITY R28).
      trustProxy: config.trustProxy ?? false,
      // A client that announces a body and stops sending would otherwise hold its connection, and an
      // upload's temporary file, for ever: Fastify sets no limit. 60 s unless REQUEST_TIMEOUT_MS says.
      requestTimeout: config.requestTimeoutMs ?? 60_000,
      // Node's headers limit (60 s) must not exceed it, or Node uses the larger of the two for the whole
      // request; and Node looks for late requests every 30 s, a shorter limit as often as it runs out.
      http: {
        headersTimeout: Math.min(60_000, config.requestTimeoutMs ?? 60_000),
        connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutMs ?? 30_000),
      },
      // A socket silent this long once its request is in (a client that stops reading the answer) is
      // closed; well above the slowest handler, a 50,000-row import with its 60 s budget.
      connectionTimeout: 120_000,
      // Longer than a load balancer's usual 60 s idle timeout, so the balancer ends an idle connection first.
      keepAliveTimeout: 72_000,
      // A path that is not valid percent-encoded UTF-8, or a parameter over the router's length: the
      // app's envelope, not Fastify's own answer naming its error code and echoing the path.
      frameworkErrors: (error, request, reply) => request.server.errorHandler(error, request, reply),
    });
    app.decorate('database', database);
    app.decorate('clock', options.clock ?? systemClock);
    app.decorate('schemaRegistry', schemaRegistry);
    app.decorate('activities', activities);
    app.decorate('resources', resources);
    app.decorate('uploadLimit', UPLOAD_LIMIT_CEILING);
    app.decorate('maps', maps);
    app.decorate('site', site);
    app.decorate('dashboards', dashboards);
    app.decorate('dictionaries', dictionaries);
    app.decorate('workflows', workflows);
    // The modules' own tables that resource folders list through resource.json `source` (ADR 0010): each
    // module's plugin adds its own below, before the engine's routes read them.
    app.decorate('listSources', new Map());
    app.decorate('appConfig', config);
    app.decorate('fileStore', fileStore);
    app.decorate('demoAccounts', demo || (await hasDemoAccounts(database.db)));
    // SMS_SENDER / MAIL_SENDER name a built-in sender: the outbox, a gateway behind the delivery queue, or none.
    // The demo's fictitious messages are readable in its log; nobody else's (issue 15).
    const revealInLog = app.demoAccounts && isLoopbackHost(config.host) && config.nodeEnv !== 'production';
    const senders = buildSenders(config, database.db, app.clock, app.log, {
      revealInLog,
      smsSender: options.smsSender,
      mailSender: options.mailSender,
    });
    app.decorate('smsSender', senders.smsSender);
    app.decorate('mailSender', senders.mailSender);
    app.decorate('deliveryQueue', senders.deliveryQueue);
    app.addHook('onClose', async () => senders.deliveryQueue.close());
    app.decorate('ssoHttp', options.ssoHttp ?? createSsoHttp(app));
    app.addHook('onClose', async () => database.close());
    // A folder, form or navigation file left out at start-up is named in the log, the health details and the studio.
    for (const unit of UNIT_KINDS.flatMap((kind) => registryOf(app, kind).skipped()))
      app.log.error(
        { unit: unit.path, problems: unit.problems.map(formatUnitProblem) },
        `${unit.path} 有误，已跳过（npm run schemas:check 列出同样的问题）`,
      );
    // A navigation entry that leads to a page that is not live (a folder left out above) is left out too.
    for (const problem of site.leftOut()) app.log.error({ unit: 'site/navigation.json' }, `${problem}（该项已跳过）`);
    const schemaSync = await startSchemaSync(app, { intervalMs: config.schemaSyncMs ?? 2_000 });
    app.decorate('schemaSync', schemaSync);
    app.addHook('onClose', async () => schemaSync.stop());

    // JSON only: a form-encoded or text/plain POST is a 415, never parsed (SECURITY R13, R20).
    app.removeContentTypeParser('text/plain');
    installValidatorCompiler(app);
    // NUL, lone surrogates and deep nesting: refused once, for every route, before any schema runs.
    installInputGuard(app);
    installErrorEnvelope(app);
    installRouteAccess(app, {
      authenticate,
      onDenied: auditAccessDenied,
      onSecondFactorMissing: auditSecondFactorMissing,
      // Asked at each check: a record type created in the studio brings its own id (ADR 0047).
      permissionIds: () => [...Object.values(PERMISSION_IDS), ...resources.permissionIds()],
    });
    installResponseSchemas(app);
    installWritePipeline(app);
    // Idempotency-Key on the routes marked idempotent (creates and submits): after access and the write checks (ADR 0064).
    // The stored answers sealed as personal values are (ADR 0070): an answer may repeat a phone or an identity number.
    installIdempotency(app, {
      seal: (text) => personalCipherOf(database.db).seal(text),
      open: (text) => openIfSealed(personalCipherOf(database.db), text),
    });
    guardBuiltInForms(app);
    await installSecurityHeaders(app);
    // ETags of the identity bodies, then compression: both before any route, as compression hooks each route as it is declared.
    await installPublicCache(app);
    await installCompression(app);
    await installRateLimit(app, { onRefused: auditRateLimited });
    // One budget over a visitor's reads, per address (SECURITY R28): after route access, so a user route's caller is known.
    installAnonymousReadBudget(app, {
      perMinute: config.anonymousReadsPerMinute ?? DEFAULT_ANONYMOUS_READS_PER_MINUTE,
      isLoggedIn: hasLiveSession,
    });
    if (options.openapi) await installOpenApi(app, schemaRegistry, resources);

    // Each feature module is one plugin: its routes and its list sources. The engine's routes come last,
    // as they read the list sources; dev-outbox is the test-only outbox reader for the e2e tests (the
    // NODE_ENV=test demo server on loopback only, never the API tests' app).
    const devOutbox = config.nodeEnv === 'test' && demo && isLoopbackHost(config.host);
    for (const module of [
      healthModule,
      cspReportModule,
      studioModule,
      passportModule,
      userModule,
      accountModule,
      dictModule,
      captchaModule,
      messageModule,
      notificationModule,
      applicationModule,
      auditModule,
      deliveryModule,
      mapsModule,
      siteModule,
      searchModule,
      roleModule,
      attachmentModule,
      ...(devOutbox ? [devOutboxModule] : []),
      engineRoutes,
    ]) {
      await app.register(module);
    }
    await installSpaStatic(app, config.clientDir, {
      demo: app.demoAccounts,
      firstScreen: firstScreenHead(app, config.clientDir),
    });

    // OPTIONS answers from the router (issue 34). Of the two catch-alls, the SPA's serves every page outside /api, and
    // /api/* only the aliases a publication added; any other path there is a 404.
    installOptionsRoute(app, {
      catchAllServes: (method, path) => (path === API_BASE || path.startsWith(`${API_BASE}/`) ? liveAliasServes(app, method, path) : true),
    });

    await app.ready();
    return app;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
