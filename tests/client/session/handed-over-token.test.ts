// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  endSession,
  getToken,
  refreshSessionFromStorage,
  startSession,
  takeHandedOverToken,
} from '../../../src/client/session/session-store';

afterEach(() => {
  endSession();
  localStorage.clear();
});

describe('a token the passport hands over in the cookie (a single sign-on, issue 31)', () => {
  it('is marked once, for the landing to settle its unit', () => {
    document.cookie = 'Access-Token=handed-over; path=/';
    refreshSessionFromStorage();
    expect(getToken()).toBe('handed-over');
    expect(takeHandedOverToken()).toBe('handed-over');
    expect(takeHandedOverToken()).toBeUndefined();
    // The next navigation finds the cookie and localStorage agreeing: nothing new.
    refreshSessionFromStorage();
    expect(takeHandedOverToken()).toBeUndefined();
  });

  it("is not a login page's token, which writes the cookie and localStorage together", () => {
    startSession('typed-in');
    refreshSessionFromStorage();
    expect(takeHandedOverToken()).toBeUndefined();
  });
});
