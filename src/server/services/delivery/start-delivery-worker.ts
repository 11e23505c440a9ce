import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { DEFAULT_DELIVERY_RETRY, DELIVERY_QUEUE, type DeliveryRetry } from './delivery-queue';
import { deliverMessage, DeliveryFailed } from './deliver-message';

export interface DeliveryWorkerOptions {
  pollSeconds: number;
  retry?: DeliveryRetry | undefined;
}

/**
 * Delivers the queued messages in this process: the queue with its retry and back-off, one worker
 * taking one job at a time, and the hand-over of deliveries written before the queue ran. pg-boss gives
 * each job to one worker across every process; deliverMessage makes a repeated job harmless.
 */
export async function startDeliveryWorker(app: FastifyInstance, boss: PgBoss, options: DeliveryWorkerOptions): Promise<void> {
  const queue = app.deliveryQueue;
  const retry = options.retry ?? DEFAULT_DELIVERY_RETRY;
  await boss.createQueue(DELIVERY_QUEUE, { ...retry, retryBackoff: true });
  // createQueue leaves an existing queue as it was: the options of this release apply to it too.
  await boss.updateQueue(DELIVERY_QUEUE, {
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelay,
    expireInSeconds: retry.expireInSeconds,
    retryBackoff: true,
  });
  await boss.work<{ id: string }>(DELIVERY_QUEUE, { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      try {
        const outcome = await deliverMessage(
          app.database.db,
          queue.transports,
          job.data.id,
          { retryCount: job.retryCount, retryLimit: retry.retryLimit },
          app.clock,
        );
        app.log.info({ delivery: job.data.id, outcome }, 'message delivery');
      } catch (error) {
        const final = error instanceof DeliveryFailed && error.final;
        app.log[final ? 'error' : 'warn'](
          { delivery: job.data.id, attempt: job.retryCount + 1, err: error },
          final ? 'message delivery failed' : 'message delivery will be retried',
        );
        throw error;
      }
    }
  });
  queue.attach(boss);
  await queue.requeue(app.clock());
}
