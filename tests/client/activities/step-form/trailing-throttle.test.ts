import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTrailingThrottle } from '../../../../src/client/activities/step-form/trailing-throttle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createTrailingThrottle', () => {
  it('runs once per burst, delayMs after its first call, however many calls follow', () => {
    const run = vi.fn();
    const throttle = createTrailingThrottle(run, 400);
    for (let i = 0; i < 10; i += 1) {
      throttle.schedule();
      vi.advanceTimersByTime(100);
    }
    // 1000 ms of calls every 100 ms: runs at 400 and 800, one more pending.
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(400);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('flush runs a pending run now, and nothing when none is pending; cancel drops it', () => {
    const run = vi.fn();
    const throttle = createTrailingThrottle(run, 400);
    throttle.flush();
    expect(run).not.toHaveBeenCalled();
    throttle.schedule();
    throttle.flush();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
    throttle.schedule();
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
