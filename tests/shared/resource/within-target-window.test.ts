import { describe, expect, it } from 'vitest';
import { nextWindowChange, withinTargetWindow } from '../../../src/shared/resource/within-target-window';

const event = { startsAt: '2026-11-28T09:00:00+08:00', endsAt: '2026-11-28T12:00:00+08:00' };
const signUp = { to: 'startsAt' };
const signIn = { from: 'startsAt', to: 'endsAt' };
const at = (text: string): Date => new Date(text);

describe('withinTargetWindow', () => {
  it('opens at from and closes at to: signing up until the start, signing in while the event is on', () => {
    expect(withinTargetWindow(signUp, event, at('2026-11-28T00:59:59.999Z'))).toBe(true);
    expect(withinTargetWindow(signUp, event, at('2026-11-28T01:00:00Z'))).toBe(false);
    expect(withinTargetWindow(signIn, event, at('2026-11-28T00:59:59.999Z'))).toBe(false);
    expect(withinTargetWindow(signIn, event, at('2026-11-28T01:00:00Z'))).toBe(true);
    expect(withinTargetWindow(signIn, event, at('2026-11-28T03:59:59Z'))).toBe(true);
    expect(withinTargetWindow(signIn, event, at('2026-11-28T04:00:00Z'))).toBe(false);
  });

  it('closes on a missing or unreadable time rather than admit', () => {
    expect(withinTargetWindow(signUp, {}, at('2020-01-01T00:00:00Z'))).toBe(false);
    expect(withinTargetWindow(signIn, { startsAt: 'soon', endsAt: event.endsAt }, at('2026-11-28T02:00:00Z'))).toBe(false);
    expect(withinTargetWindow(signUp, { startsAt: 20261128 }, at('2020-01-01T00:00:00Z'))).toBe(false);
    // No bounds at all: always open.
    expect(withinTargetWindow({}, {}, at('2020-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('nextWindowChange', () => {
  it('is the next bound still ahead, or none', () => {
    expect(nextWindowChange(signIn, event, at('2026-11-28T00:00:00Z'))).toEqual(at('2026-11-28T01:00:00Z'));
    expect(nextWindowChange(signIn, event, at('2026-11-28T02:00:00Z'))).toEqual(at('2026-11-28T04:00:00Z'));
    expect(nextWindowChange(signIn, event, at('2026-11-28T04:00:00Z'))).toBeUndefined();
    expect(nextWindowChange(signUp, {}, at('2026-11-28T00:00:00Z'))).toBeUndefined();
  });
});
