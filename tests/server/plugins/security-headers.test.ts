import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('sends a CSP without unsafe-eval on pages and API answers', async () => {
    for (const url of ['/', '/home', '/api/health', '/api/nowhere']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp.split(';').sort()).toEqual(
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data:",
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "form-action 'self'",
          'report-uri /api/csp-report',
          'report-to csp-endpoint',
        ].sort(),
      );
    }
  });

  it('sends the usual hardening headers and no X-Powered-By', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('names the report endpoint for report-to, the same path as report-uri', async () => {
    for (const url of ['/', '/api/health', '/api/nowhere']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['reporting-endpoints'], url).toBe('csp-endpoint="/api/csp-report"');
    }
  });

  it('denies the powerful features the portal never uses, on pages, API answers and refusals', async () => {
    // A 401 is refused before helmet's own hook runs; the policy is on it all the same.
    for (const url of ['/', '/home', '/api/health', '/api/nowhere', '/api/integrity/app/user/settings/info']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      const features = new Map(policy.split(', ').map((entry) => entry.split('=') as [string, string]));
      for (const feature of [
        'camera',
        'microphone',
        'geolocation',
        'payment',
        'usb',
        'display-capture',
        'publickey-credentials-get',
        'sync-xhr',
      ]) {
        expect(features.get(feature), `${url} ${feature}`).toBe('()');
      }
      expect(features.get('fullscreen'), url).toBe('(self)');
      // Obsolete (FLoC is gone); browsers warn about features they do not know.
      expect(features.has('interest-cohort'), url).toBe(false);
    }
  });

  it('marks every API answer, errors included, Cache-Control: no-store', async () => {
    for (const url of ['/api/health', '/api/integrity/app/user/settings/info', '/api/nowhere']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control']).toBe('no-store');
    }
  });
});
