import { personalCipherOf } from '../crypto/personal-cipher';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { messageDeliveries } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { MessageTransport } from './message-transport';

/** The pg-boss queue whose jobs deliver messages; a job's id is its delivery's id. */
export const DELIVERY_QUEUE = 'message-delivery';

/** How a delivery job is retried: pg-boss's own retry options, set on the queue. */
export interface DeliveryRetry {
  /** Retries after the first attempt; then the delivery is failed. */
  retryLimit: number;
  /** Seconds before the first retry, doubled (with jitter) for each next one. */
  retryDelay: number;
  retryDelayMax: number;
  /** An attempt still active after this long (its process died) is retried. */
  expireInSeconds: number;
}

/** About a day of retries: 15 s, 30 s, 1 min … capped at an hour; an attempt that hangs 2 minutes is retried. */
export const DEFAULT_DELIVERY_RETRY: DeliveryRetry = { retryLimit: 10, retryDelay: 15, retryDelayMax: 3_600, expireInSeconds: 120 };

/** The part of pg-boss the queue uses to hand a delivery to a worker. */
export interface JobSender {
  send(name: string, data: object, options: { id: string }): Promise<string | null>;
}

export interface DeliveryQueue {
  /** The transports by channel; a channel without one is not delivered through the queue. */
  transports: Partial<Record<'sms' | 'mail', MessageTransport>>;
  /**
   * Records the message (status queued) and hands its job to the queue; returns the delivery id.
   * Call it after the caller's transaction has committed: it uses its own connection, and a failed
   * delivery is the job's business, never the caller's.
   */
  enqueue(channel: 'sms' | 'mail', recipient: string, subject: string | null, text: string): Promise<string>;
  /** The job queue is running in this process: from now on enqueue hands jobs to it. */
  attach(boss: JobSender): void;
  detach(): void;
  /**
   * Hands a job to the queue for every delivery still queued (written while no queue ran here, or
   * whose hand-over failed). A job id is the delivery id, so one already there is not doubled.
   */
  requeue(olderThan: Date): Promise<number>;
  close(): void;
}

export function createDeliveryQueue(db: Db, clock: Clock, log: FastifyBaseLogger, transports: DeliveryQueue['transports']): DeliveryQueue {
  let boss: JobSender | undefined;
  const handOver = async (id: string): Promise<void> => {
    if (!boss) return;
    try {
      await boss.send(DELIVERY_QUEUE, { id }, { id });
    } catch (error) {
      // The row stays queued; requeue() hands it over at the next sweep. The caller is not troubled.
      log.warn({ err: error, delivery: id }, 'delivery job not handed to the queue; the next sweep will');
    }
  };
  return {
    transports,
    async enqueue(channel, recipient, subject, text) {
      const transport = transports[channel];
      if (!transport) throw new Error(`no ${channel} transport`);
      const now = clock();
      const rows = await db
        .insert(messageDeliveries)
        // The number or address sealed (SECURITY R34, ADR 0070): the worker opens it on its way to the sender.
        .values({
          channel,
          transport: transport.kind,
          recipient: await personalCipherOf(db).seal(recipient),
          subject,
          body: text,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: messageDeliveries.id });
      const id = rows[0]?.id;
      if (!id) throw new Error('message_deliveries insert returned no row');
      await handOver(id);
      return id;
    },
    attach(next) {
      boss = next;
    },
    detach() {
      boss = undefined;
    },
    async requeue(olderThan) {
      if (!boss) return 0;
      const rows = await db
        .select({ id: messageDeliveries.id })
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.status, 'queued'), lt(messageDeliveries.createdAt, olderThan)))
        .orderBy(asc(messageDeliveries.createdAt))
        .limit(500);
      for (const row of rows) await handOver(row.id);
      return rows.length;
    },
    close() {
      for (const transport of Object.values(transports)) transport?.close?.();
    },
  };
}
