import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/client/session/safe-redirect';

describe('safeRedirect', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeRedirect('/home/findproxy?tab=1')).toBe('/home/findproxy?tab=1');
  });

  it.each([null, undefined, '', 'home', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example'])(
    'sends %j to /',
    (target) => {
      expect(safeRedirect(target)).toBe('/');
    },
  );
});
