import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '../../../src/shared/constants';
import {
  SESSION_LIMITS,
  SESSION_WARNING_LEAD_MS,
  sessionClassOf,
  sessionVerdict,
  sessionWarningAt,
} from '../../../src/shared/rules/session-policy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = new Date('2026-11-22T08:00:00Z').getTime();
const at = (ms: number): Date => new Date(T0 + ms);
const fresh = (lastSeenMs = 0) => ({ createdAt: at(0), lastSeenAt: at(lastSeenMs), expiresAt: at(TOKEN_LIFETIME_MS) });

describe('session policy (SECURITY R10)', () => {
  it('has the limits of ADR 0008', () => {
    expect(SESSION_LIMITS.public).toEqual({ idleTimeoutMs: 30 * MINUTE, absoluteLifetimeMs: 7 * 24 * HOUR });
    expect(SESSION_LIMITS.staff).toEqual({ idleTimeoutMs: 15 * MINUTE, absoluteLifetimeMs: 12 * HOUR });
    expect(SESSION_WARNING_LEAD_MS).toBe(2 * MINUTE);
  });

  it('counts any granted permission as staff', () => {
    expect(sessionClassOf([])).toBe('public');
    expect(sessionClassOf([{ permissionId: 'application', actionList: ['query'] }])).toBe('staff');
  });

  it('times out after the idle limit, not at it', () => {
    expect(sessionVerdict(fresh(), 'public', at(30 * MINUTE))).toMatchObject({ kind: 'live' });
    expect(sessionVerdict(fresh(), 'public', at(30 * MINUTE + 1))).toEqual({ kind: 'timedOut', why: 'idle' });
    expect(sessionVerdict(fresh(), 'staff', at(15 * MINUTE))).toMatchObject({ kind: 'live' });
    expect(sessionVerdict(fresh(), 'staff', at(16 * MINUTE))).toEqual({ kind: 'timedOut', why: 'idle' });
  });

  it('ends at the absolute limit however recent the activity', () => {
    expect(sessionVerdict(fresh(12 * HOUR - MINUTE), 'staff', at(12 * HOUR - 1))).toMatchObject({ kind: 'live', expiresAt: at(12 * HOUR) });
    expect(sessionVerdict(fresh(12 * HOUR - MINUTE), 'staff', at(12 * HOUR))).toEqual({ kind: 'timedOut', why: 'absolute' });
    expect(sessionVerdict(fresh(TOKEN_LIFETIME_MS - MINUTE), 'public', at(TOKEN_LIFETIME_MS))).toEqual({
      kind: 'timedOut',
      why: 'absolute',
    });
    expect(sessionVerdict(fresh(12 * HOUR), 'public', at(12 * HOUR + MINUTE))).toMatchObject({
      kind: 'live',
      expiresAt: at(TOKEN_LIFETIME_MS),
    });
  });

  it('asks for a last_seen_at write at most once a minute, and measures idle from the record', () => {
    expect(sessionVerdict(fresh(), 'public', at(59_999))).toEqual({
      kind: 'live',
      idleTimeoutMs: 30 * MINUTE,
      expiresAt: at(TOKEN_LIFETIME_MS),
      idleExpiresAt: at(30 * MINUTE),
      touch: false,
    });
    expect(sessionVerdict(fresh(), 'public', at(MINUTE))).toMatchObject({ touch: true, idleExpiresAt: at(31 * MINUTE) });
  });

  it('warns two minutes before the first of the idle and the absolute end', () => {
    expect(sessionWarningAt({ idleExpiresAt: 30 * MINUTE })).toEqual({ at: 28 * MINUTE, kind: 'idle' });
    expect(sessionWarningAt({ idleExpiresAt: 30 * MINUTE, expiresAt: HOUR })).toEqual({ at: 28 * MINUTE, kind: 'idle' });
    expect(sessionWarningAt({ idleExpiresAt: 30 * MINUTE, expiresAt: 20 * MINUTE })).toEqual({ at: 18 * MINUTE, kind: 'absolute' });
  });
});
