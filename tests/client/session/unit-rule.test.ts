import { describe, expect, it } from 'vitest';
import { nextSessionStep } from '../../../src/client/session/unit-rule';

const TOKEN = 'token-a';

describe('the stored user unit rule (spec §4)', () => {
  it('fetches the dictionaries when the unit is missing', () => {
    expect(nextSessionStep({ token: TOKEN, storedUnit: undefined, routesLoaded: false })).toBe('dictionaries');
  });

  it('fetches the dictionaries when the unit was stored under another token', () => {
    expect(nextSessionStep({ token: TOKEN, storedUnit: { token: 'token-b', isSelect: 1 }, routesLoaded: false })).toBe('dictionaries');
  });

  it('fetches the dictionaries when no unit is selected yet (isSelect 0), even with routes loaded', () => {
    expect(nextSessionStep({ token: TOKEN, storedUnit: { token: TOKEN, isSelect: 0 }, routesLoaded: true })).toBe('dictionaries');
  });

  it('fetches the user info and generates the routes when a unit is chosen and no routes are loaded', () => {
    expect(nextSessionStep({ token: TOKEN, storedUnit: { token: TOKEN, isSelect: 1, id: 'u1', name: '星河' }, routesLoaded: false })).toBe(
      'userAndRoutes',
    );
  });

  it('does nothing more once the routes are loaded', () => {
    expect(nextSessionStep({ token: TOKEN, storedUnit: { token: TOKEN, isSelect: 1 }, routesLoaded: true })).toBe('none');
  });

  it('has nothing to prepare without a token', () => {
    expect(nextSessionStep({ token: null, storedUnit: { token: TOKEN, isSelect: 1 }, routesLoaded: false })).toBe('none');
  });
});
