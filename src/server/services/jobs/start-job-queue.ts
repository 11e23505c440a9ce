import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { ScheduledJob } from './scheduled-job';
import type { DeliveryRetry } from '../delivery/delivery-queue';
import { startDeliveryWorker } from '../delivery/start-delivery-worker';

export interface JobQueueOptions {
  /** How often each process looks for due schedules and for jobs, in seconds (tests use 1). */
  pollSeconds?: number;
  /** How delivery jobs are retried (tests shorten it); DEFAULT_DELIVERY_RETRY otherwise. */
  deliveryRetry?: DeliveryRetry;
  /** How often pg-boss looks for attempts past their time (a dead worker's); its default, 60 s, unless a test says. */
  superviseSeconds?: number;
}

export interface JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Runs the scheduled jobs through pg-boss, a kept PostgreSQL job queue (issue 15): on PostgreSQL
 * every process schedules and works, and pg-boss sends each occurrence once and hands each job to
 * one worker, so a janitor never runs twice at the same time; on PGlite the same code runs in the
 * one process that may open the data folder. The queue keeps its tables in its own schema, pgboss.
 */
export async function startJobQueue(app: FastifyInstance, jobs: readonly ScheduledJob[], options: JobQueueOptions = {}): Promise<JobQueue> {
  const poll = options.pollSeconds ?? 30;
  // Loaded here, after the server listens, rather than before it does (issue 16's cold start).
  const { PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    db: { executeSql: (text, values) => app.database.executeSql(text, values) },
    backend: app.database.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: 'pgboss',
    cronMonitorIntervalSeconds: poll,
    cronWorkerIntervalSeconds: poll,
    ...(options.superviseSeconds === undefined
      ? {}
      : { superviseIntervalSeconds: options.superviseSeconds, monitorIntervalSeconds: options.superviseSeconds }),
  });
  boss.on('error', (error: unknown) => app.log.error({ err: error }, 'job queue error'));
  // Processes starting together on a new PostgreSQL database both install pg-boss's schema, and one
  // can fail with a duplicate pgboss namespace and exit; its next try finds the schema there. The
  // scale-out test hit it now and then, more often once starts got faster and lined up (issue 16).
  await boss.start({ attempts: 3 });
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron, null, { tz: 'Asia/Shanghai' });
    await boss.work(job.name, { pollingIntervalSeconds: poll }, async () => {
      try {
        const outcome = await job.run(app, app.clock());
        app.log.info({ job: job.name, ...outcome }, 'scheduled job done');
        return outcome;
      } catch (error) {
        app.log.error({ job: job.name, err: error }, 'scheduled job failed');
        throw error;
      }
    });
  }
  // Messages for real gateways (ADR 0034), when this app has any.
  if (Object.keys(app.deliveryQueue.transports).length > 0)
    await startDeliveryWorker(app, boss, { pollSeconds: Math.min(poll, 2), retry: options.deliveryRetry });
  return {
    boss,
    stop: async () => {
      app.deliveryQueue.detach();
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
