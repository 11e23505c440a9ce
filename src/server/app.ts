import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_BASE } from '../shared/api/endpoints';
import './app-services';
import { assertCaptchaFixedAllowed, isDemoMode, isLoopbackHost, type ServerConfig } from './config/server-config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { prepareDatabase } from './seed/prepare-database';
import { hasDemoAccounts } from './seed/seed-demo-users';
import { systemClock, type Clock } from './lib/clock';
import { seedDemoContent } from './seed/seed-demo-content';
import { catchUpSearchIndex } from './services/search/catch-up-search-index';
import { answerRoutes } from './modules/search/answer-routes';
import { searchRoutes } from './modules/search/search-routes';
import { ACTIVITY_SOURCE, activityDocuments } from './modules/search/search-sources';
import { SEGMENTER_VERSION } from './services/search/word-segmenter';
import { fileStoreKind, openFileStore } from './services/files/open-file-store';
import { activityRoutes } from './engine/routes/activity-routes';
import { loadActivityRegistry } from './engine/units/activity-registry';
import { checkMapPages } from './modules/maps/check-map-pages';
import { loadMapRegistry } from './modules/maps/map-registry';
import { mapRoutes } from './modules/maps/map-routes';
import { matchingRoutes } from './engine/routes/matching-routes';
import { resourceEngineRoutes } from './engine/routes/resource-engine-routes';
import { resourceExportRoutes } from './engine/routes/resource-export-routes';
import { resourceImportRoutes } from './engine/routes/resource-import-routes';
import { roleListSource } from './modules/role/role-list-source';
import { unitListSource } from './modules/user/unit-list-source';
import { businessListSource } from './engine/records/business-list-source';
import { userListSource } from './modules/user/user-list-source';
import { messageListSource } from './modules/message/message-list-source';
import { resourcePagesRoute } from './engine/routes/resource-pages-route';
import { loadResourceRegistry } from './engine/units/resource-registry';
import { ensureUniqueValueIndexes } from './engine/records/unique-value-index';
import { loadRecordSealKey } from './config/record-seal-key';
import { roleRoutes } from './modules/role/role-routes';
import { catalogueWithResourceGrants } from './modules/role/catalogue-with-resource-grants';
import { PERMISSION_IDS } from '../shared/permissions/permission-ids';
import { applicationRoutes } from './modules/application/application-routes';
import { resourceRoutes } from './modules/application/resource-routes';
import { reviewRoutes } from './modules/application/review-routes';
import { attachmentRoutes } from './modules/attachment/attachment-routes';
import { DEFAULT_UPLOAD_LIMIT, largestUploadLimit, uploadFormSchemas } from './engine/units/resolve-upload-field';
import { auditAccessDenied } from './services/audit/audit-access-denied';
import { auditRoutes } from './modules/audit/audit-routes';
import { authRoutes } from './modules/passport/auth-routes';
import { authenticate } from './services/auth/authenticate';
import { captchaRoutes } from './modules/captcha/captcha-routes';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox-routes';
import { dictRoutes } from './modules/dict/dict-routes';
import { formSchemaRoutes } from './engine/routes/form-schema-routes';
import { loadSchemaRegistry } from './engine/units/schema-registry';
import { healthRoutes, probeRoutes } from './modules/health/health-routes';
import { cspReportRoutes } from './modules/csp-report/csp-report-routes';
import { accountRoutes } from './modules/account/account-routes';
import { messageRoutes } from './modules/message/message-routes';
import { devSsoRoutes } from './modules/passport/dev-sso-routes';
import { createOutboxMailSender, type MailSender } from './services/senders/mail-sender';
import { passportRoutes } from './modules/passport/passport-routes';
import { registerRoutes } from './modules/passport/register-routes';
import { applicationListSource } from './modules/application/application-list-source';
import { auditLogListSource } from './modules/audit/audit-log-list-source';
import { createOutboxSmsSender, type SmsSender } from './services/senders/sms-sender';
import { smsRoutes } from './modules/passport/sms-routes';
import { createSsoHttp, type SsoHttp } from './modules/passport/sso-http';
import { ssoRoutes } from './modules/passport/sso-routes';
import { userRoutes } from './modules/user/user-routes';
import { installErrorEnvelope } from './plugins/error-envelope';
import { installResponseSchemas } from './plugins/response-schemas';
import { installOpenApi } from './engine/routes/openapi';
import { installRateLimit } from './plugins/rate-limit';
import { installRouteAccess } from './plugins/route-access';
import { installSecurityHeaders } from './plugins/security-headers';
import { installSpaStatic } from './plugins/spa-static';
import { installValidatorCompiler } from './plugins/validator-compiler';
import { lazySerializerBuilder } from './plugins/lazy-serializer-builder';
import { installInputGuard } from './plugins/input-guard';
import { installWritePipeline } from './engine/write/write-pipeline';
import { startSchemaSync } from './engine/units/schema-sync';
import { formatUnitProblem } from './engine/units/schema-unit-error';
import { studioRoutes } from './modules/studio/studio-routes';

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
  /** A real SMS gateway; by default the development outbox (table + log) chosen by SMS_SENDER (ADR 0005). */
  smsSender?: SmsSender;
  /** A real mail sender; by default the development outbox (MAIL_SENDER). */
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
  const resources = await loadResourceRegistry(config.schemasDir, { sealKey: await loadRecordSealKey(config.recordSealKey, config.dataDir) });
  const maps = await loadMapRegistry(config.schemasDir);
  await checkMapPages(config.schemasDir, resources.list(), maps);
  const roleCatalogue = catalogueWithResourceGrants(resources.list());
  const database = options.database ?? (await openDatabase(config));
  try {
    const demo = options.seedDemoUsers ?? isDemoMode(config);
    await prepareDatabase(database, { schemasDir: config.schemasDir, seedDemoUsers: demo, roleCatalogue });
    await ensureUniqueValueIndexes(database.db, resources.list().flatMap((resource) => resource.uniqueFields));
    const fileStore = await openFileStore(fileStoreKind(config), database.db, config.dataDir);
    if (demo) await seedDemoContent(database.db, { resources, schemas: schemaRegistry }, (options.clock ?? systemClock)(), fileStore);
    // The search index in step with the records and the activity folders (issue 13).
    const indexers = resources.list().flatMap((resource) => (resource.indexer ? [resource.indexer] : []));
    await catchUpSearchIndex(database.db, indexers, new Map([[ACTIVITY_SOURCE, activityDocuments(activities, SEGMENTER_VERSION)]]), (options.clock ?? systemClock)());

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
      http: { headersTimeout: Math.min(60_000, config.requestTimeoutMs ?? 60_000), connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutMs ?? 30_000) },
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
    app.decorate('uploadLimit', largestUploadLimit(uploadFormSchemas(activities.list(), resources.list()), DEFAULT_UPLOAD_LIMIT));
    app.decorate('maps', maps);
    // The modules' own tables that resource folders list through resource.json `source` (ADR 0010).
    app.decorate('listSources', new Map([
      ['applications', applicationListSource(app)],
      ['auditLog', auditLogListSource(app)],
      ['messages', messageListSource(app)],
      ['users', userListSource(app)],
      ['roles', roleListSource(app)],
      ['units', unitListSource(app)],
      ['business', businessListSource(app)],
    ]));
    app.decorate('appConfig', config);
    app.decorate('fileStore', fileStore);
    app.decorate('demoAccounts', demo || (await hasDemoAccounts(database.db)));
    // SMS_SENDER / MAIL_SENDER name a built-in sender; 'outbox' is the only one so far.
    // The demo's fictitious messages are readable in its log; nobody else's (issue 15).
    const revealInLog = app.demoAccounts && isLoopbackHost(config.host) && config.nodeEnv !== 'production';
    app.decorate('smsSender', options.smsSender ?? createOutboxSmsSender(database.db, app.log, { revealInLog }));
    app.decorate('mailSender', options.mailSender ?? createOutboxMailSender(database.db, app.log, { revealInLog }));
    app.decorate('ssoHttp', options.ssoHttp ?? createSsoHttp(app));
    app.addHook('onClose', async () => database.close());
    // A folder or form left out at start-up is named in the log, the health details and the studio.
    for (const unit of [...activities.skipped(), ...schemaRegistry.skipped(), ...resources.skipped()]) app.log.error({ unit: unit.path, problems: unit.problems.map(formatUnitProblem) }, `${unit.path} 有误，已跳过（npm run schemas:check 列出同样的问题）`);
    const schemaSync = await startSchemaSync(app, { intervalMs: config.schemaSyncMs ?? 2_000 });
    app.decorate('schemaSync', schemaSync);
    app.addHook('onClose', async () => schemaSync.stop());

    // JSON only: a form-encoded or text/plain POST is a 415, never parsed (SECURITY R13, R20).
    app.removeContentTypeParser('text/plain');
    installValidatorCompiler(app);
    // NUL, lone surrogates and deep nesting: refused once, for every route, before any schema runs.
    installInputGuard(app);
    installErrorEnvelope(app);
    installRouteAccess(app, { authenticate, onDenied: auditAccessDenied, permissionIds: [...Object.values(PERMISSION_IDS), ...resources.permissionIds()] });
    installResponseSchemas(app);
    installWritePipeline(app);
    await installSecurityHeaders(app);
    await installRateLimit(app);
    if (options.openapi) await installOpenApi(app, schemaRegistry, resources);

    for (const routes of [
      healthRoutes,
      // Its own context holds the parsers of the two report content types.
      cspReportRoutes,
      formSchemaRoutes,
      studioRoutes,
      authRoutes,
      passportRoutes,
      smsRoutes,
      registerRoutes,
      ssoRoutes,
      // Mounts nothing unless the development SSO provider is allowed (ADR 0005); its own context holds the form parser.
      devSsoRoutes,
      userRoutes,
      accountRoutes,
      dictRoutes,
      captchaRoutes,
      messageRoutes,
      activityRoutes,
      applicationRoutes,
      resourceRoutes,
      reviewRoutes,
      auditRoutes,
      // Every resource folder's generic routes and its spec aliases (ADR 0010).
      resourceEngineRoutes,
      matchingRoutes,
      // Export of the list files that offer it; import in its own context, with its own multipart parser (issue 11).
      resourceExportRoutes,
      resourceImportRoutes,
      resourcePagesRoute,
      mapRoutes,
      searchRoutes,
      answerRoutes,
      roleRoutes,
      // Its own encapsulated context: the multipart parser exists only there, so every other route still refuses non-JSON with 415.
      attachmentRoutes,
    ]) {
      await app.register(routes, { prefix: API_BASE });
    }
    // Test-only outbox reader for the e2e tests: the NODE_ENV=test demo server on loopback only, never the API tests' app.
    if (config.nodeEnv === 'test' && demo && isLoopbackHost(config.host)) await app.register(devOutboxRoutes, { prefix: API_BASE });
    await app.register(probeRoutes);
    await installSpaStatic(app, config.clientDir, { demo: app.demoAccounts });

    await app.ready();
    return app;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
