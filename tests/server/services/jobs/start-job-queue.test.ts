import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledJob } from '../../../../src/server/services/jobs/scheduled-job';
import { startJobQueue, type JobQueue } from '../../../../src/server/services/jobs/start-job-queue';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Issue 15: scheduled jobs run through pg-boss, once per occurrence however many processes
 * schedule and work them. Two queues on one database stand for two server processes.
 */
describe('the job queue', () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await t?.close();
  });

  it('runs a job scheduled by two processes once per occurrence, in Beijing time', async () => {
    const runs: string[] = [];
    const job: ScheduledJob = {
      name: 'every-second',
      cron: '* * * * * *',
      run: async (_app, now) => {
        runs.push(now.toISOString());
        return { ran: runs.length };
      },
    };
    const started = Date.now();
    queues.push(await startJobQueue(t.app, [job], { pollSeconds: 1 }), await startJobQueue(t.app, [job], { pollSeconds: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    // pg-boss files each occurrence under a one-minute slot shared by every instance, so however many
    // processes schedule it, a job runs once a minute at most: one run here, two if a minute turned.
    const minutesSpanned = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(minutesSpanned);
    const schedules = await queues[0]?.boss.getSchedules('every-second');
    expect(schedules?.[0]?.timezone ?? (schedules?.[0] as { tz?: string } | undefined)?.tz).toBe('Asia/Shanghai');
  }, 30_000);

  it('expires the attempt of a worker that died, and hands it out again (ADR 0034, ADR 0069)', async () => {
    const queue = await startJobQueue(t.app, [], { pollSeconds: 1 });
    queues.push(queue);
    const errors: unknown[] = [];
    queue.boss.on('error', (error: unknown) => errors.push(error));
    await queue.boss.createQueue('takeover', { expireInSeconds: 1, retryLimit: 2, retryDelay: 0 });
    const id = await queue.boss.send('takeover', { n: 1 });
    // Fetched and never settled: the worker that took it is gone.
    const [taken] = await queue.boss.fetch<{ n: number }>('takeover');
    expect(taken?.id).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // A maintenance pass, as any live process runs one every supervise interval. On PostgreSQL it used to
    // throw half-way (the multi-statement stats query came back without rows), before the expiry.
    await queue.boss.supervise();
    expect(errors).toEqual([]);
    const job = await queue.boss.getJobById('takeover', id ?? '');
    expect(job?.state).toBe('retry');
    const [again] = await queue.boss.fetch<{ n: number }>('takeover');
    expect(again).toMatchObject({ id, retryCount: 1 });
  }, 30_000);
});
