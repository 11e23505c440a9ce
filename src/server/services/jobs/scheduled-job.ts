import type { FastifyInstance } from 'fastify';

/** A task the portal runs on a timetable, once per occurrence across every server process. */
export interface ScheduledJob {
  /** The pg-boss queue name: lower-case words joined by hyphens. */
  name: string;
  /** A cron expression in Beijing time (5 fields, or 6 with seconds). */
  cron: string;
  /** Returns what it did, for the log. */
  run(app: FastifyInstance, now: Date): Promise<Record<string, number | string | null>>;
}
