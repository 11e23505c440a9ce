import { buildApp } from './app';
import { startJobQueue } from './services/jobs/start-job-queue';
import { scheduledJobs } from './services/jobs/scheduled-jobs';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './services/audit/apply-audit-retention';
import { serverLoggerOptions } from './lib/log-redaction';
import { assertDemoHostAllowed, auditArchiveDirOf, ConfigError, loadConfig, type ServerConfig } from './config/server-config';
import { assertSendersConfigured } from './config/sender-config';

function configOrExit(): ServerConfig {
  try {
    const config = loadConfig();
    // A production server that would silently send no code or activation mail does not start (ADR 0034).
    assertSendersConfigured(config);
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`refusing to start: ${error.message}`);
    process.exit(1);
  }
}

/** Reads the environment, builds the app and listens. Everything else lives in app.ts. */
async function main(): Promise<void> {
  const config = configOrExit();

  const app = await buildApp({
    config,
    // Tokens, codes, phones, ID numbers and query parameters never reach the log (lib/log-redaction.ts).
    logger: serverLoggerOptions(config.nodeEnv === 'test' ? 'warn' : 'info'),
  });

  // A last resort (SECURITY R30): log and exit so a supervisor restarts a clean process.
  process.on('unhandledRejection', (reason) => {
    app.log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });

  let closing = false;
  let stopJobs = async (): Promise<void> => undefined;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopJobs()
      .catch((error: unknown) => app.log.error({ err: error }, 'job queue did not stop cleanly'))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    assertDemoHostAllowed(config, app.demoAccounts);
  } catch (error) {
    await app.close();
    if (!(error instanceof ConfigError)) throw error;
    console.error(`refusing to start: ${error.message}`);
    process.exit(1);
  }
  await app.listen({ port: config.port, host: config.host });
  // After listening, so a slow queue start never delays the first request; stopped before the app closes.
  const jobs =
    config.jobs === false
      ? undefined
      : await startJobQueue(
          app,
          scheduledJobs({
            auditRetentionDays: config.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
            auditArchiveDir: auditArchiveDirOf(config),
          }),
        );
  stopJobs = jobs ? () => jobs.stop() : stopJobs;
  if (!jobs && Object.keys(app.deliveryQueue.transports).length > 0)
    app.log.warn(
      'JOBS=false: messages for the SMS and mail gateways are recorded here and delivered only by a process that runs the job queue',
    );
  app.log.info({ db: app.database.kind, schemas: app.schemaRegistry.names() }, 'Kechuang Portal ready');
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
