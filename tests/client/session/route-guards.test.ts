// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { guestOnlyLoader, isLoginPath, requireTokenLoader } from '../../../src/client/session/route-guards';
import { endSession, startSession } from '../../../src/client/session/session-store';

function location(response: Response | null): string | null {
  return response?.headers.get('Location') ?? null;
}

afterEach(() => {
  endSession();
  document.cookie = 'Access-Token=; path=/; max-age=0';
});

describe('the route guards (spec §2, §4)', () => {
  it('without a token, a page that needs login leads to /home', () => {
    endSession();
    expect(location(requireTokenLoader())).toBe('/home');
  });

  it('with a token, the page opens', () => {
    startSession('token-1');
    expect(requireTokenLoader()).toBeNull();
  });

  it('with a token, a login path goes to /', () => {
    startSession('token-1');
    expect(location(guestOnlyLoader())).toBe('/');
  });

  it('without a token, the login paths open', () => {
    endSession();
    expect(guestOnlyLoader()).toBeNull();
  });

  it('syncs the cookie first: a token the passport left in the cookie counts', () => {
    endSession();
    document.cookie = 'Access-Token=from-sso; path=/';
    expect(requireTokenLoader()).toBeNull();
    expect(localStorage.getItem('ACCESS_TOKEN')).toBe('from-sso');
  });

  it.each(['/login', '/login/public_login', '/login/legalLogin', '/login/forget', '/user/login'])('%s is a login path', (path) => {
    expect(isLoginPath(path)).toBe(true);
  });

  it.each(['/home', '/loginx', '/user/loginx', '/account/center'])('%s is not', (path) => {
    expect(isLoginPath(path)).toBe(false);
  });
});
