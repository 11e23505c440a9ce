import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/shared/rules/safe-redirect';
import { R23_REDIRECT_CASES } from '../../fixtures/open-redirect-cases';

describe('safeRedirect (SECURITY R23)', () => {
  it.each(['/policies/12?tab=a', '/home/findproxy?tab=1', '/home', '/account/center#security', '/search?q=%E6%94%BF%E7%AD%96'])(
    'keeps the same-site path %j',
    (target) => {
      expect(safeRedirect(target)).toBe(target);
    },
  );

  it.each([
    // Every R23 case, one per value of `redirect`.
    ...R23_REDIRECT_CASES,
    // And their neighbours.
    '/%2F/evil.com',
    '/%5Cevil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' /home',
    'home',
    '',
    null,
    undefined,
  ])('sends %j to /', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});
