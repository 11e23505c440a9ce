import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchedHitCounter } from '../../../src/server/plugins/batched-hit-counter';
import { openTestDatabase } from '../helpers/test-database';

/**
 * The anonymous read budget's counter (ADR 0064): each process counts its own hits at once and adds
 * them to the shared row once a flush; after a flush every process sees every process's hits; a new
 * window starts from nothing.
 */
describe('the batched hit counter', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let now = new Date('2026-11-30T00:00:00Z').getTime();
  const clock = () => new Date(now);

  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.dispose();
  });

  it('shares its counts between two processes through the database, and starts again in a new window', async () => {
    const options = { windowMs: 60_000, flushMs: 60_000 };
    const a = createBatchedHitCounter(opened.database.db, clock, options);
    const b = createBatchedHitCounter(opened.database.db, clock, options);
    try {
      for (let n = 0; n < 3; n += 1) a.hit('k');
      expect(b.hit('k')).toEqual({ current: 1, ttl: 60_000 });
      await a.flush();
      await b.flush();
      // b has heard of a's three hits; a hears of b's at its next flush.
      expect(b.hit('k').current).toBe(5);
      expect(a.hit('k').current).toBe(4);
      await a.flush();
      expect(a.hit('k').current).toBe(6);
      now += 30_000;
      expect(a.hit('k')).toEqual({ current: 7, ttl: 30_000 });
      // The window is over: a new one from nothing, with or without a flush.
      now += 30_001;
      expect(a.hit('k')).toEqual({ current: 1, ttl: 60_000 });
      await a.flush();
      expect(a.hit('k').current).toBe(2);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
