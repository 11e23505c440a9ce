import { describe, expect, it } from 'vitest';
import { sameSitePath } from '../../../../src/server/modules/passport/same-site-path';

describe('sameSitePath (SECURITY R23)', () => {
  it.each([
    'https://evil.com',
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '%2F%2Fevil.com',
    '/%2F/evil.com',
    '/%09/evil.com',
    '/\t/evil.com',
    'data:text/html,<script>alert(1)</script>',
    'http://portal.example@evil.com',
    '',
    undefined,
    null,
  ])('sends %j to /', (value) => {
    expect(sameSitePath(value)).toBe('/');
  });

  it.each([
    ['/policies/12?tab=a', '/policies/12?tab=a'],
    ['/home', '/home'],
    ['/account/settings#security', '/account/settings#security'],
    ['/', '/'],
  ])('keeps the same-site path %j', (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });
});
