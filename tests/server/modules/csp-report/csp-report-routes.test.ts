import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspReports } from '../../../../src/server/db/schema';
import { cleanReportText, MAX_REPORT_TEXT } from '../../../../src/server/modules/csp-report/clean-report-text';
import { CSP_REPORT_BODY_LIMIT } from '../../../../src/server/modules/csp-report/csp-report-routes';
import { CSP_REPORT_CAP, storeCspReports } from '../../../../src/server/modules/csp-report/store-csp-reports';
import { freshIp } from '../../helpers/passport-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const URL = '/api/csp-report';
const LEGACY = 'application/csp-report';
const REPORTS = 'application/reports+json';

describe('POST /api/csp-report', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const send = (payload: unknown, contentType: string, extra: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: extra.ip ?? freshIp(),
      headers: { 'content-type': contentType, ...extra.headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const newest = async (count: number) => (await t.db.select().from(cspReports).orderBy(desc(cspReports.id)).limit(count)).reverse();

  it('stores a report-uri report without a token: query and fragment stripped, long texts trimmed', async () => {
    const longPath = `https://portal.example/${'a'.repeat(2000)}`;
    const response = await send(
      {
        'csp-report': {
          'document-uri': 'https://portal.example/policies/12?tab=a&phone=13800000000#top',
          referrer: '',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'original-policy': "default-src 'self'",
          disposition: 'enforce',
          'blocked-uri': 'https://user:secret@evil.example/x.js?session=abc',
          'source-file': longPath,
          'line-number': 42,
          'column-number': 7,
          'status-code': 200,
        },
      },
      LEGACY,
      { headers: { 'user-agent': `Mozilla/5.0 ${'x'.repeat(1000)}` } },
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [row] = await newest(1);
    expect(row).toMatchObject({
      documentUri: 'https://portal.example/policies/12',
      directive: 'script-src-elem',
      blockedUri: 'https://evil.example/x.js',
      sourceFile: longPath.slice(0, MAX_REPORT_TEXT),
      lineNumber: 42,
      userAgent: `Mozilla/5.0 ${'x'.repeat(1000)}`.slice(0, MAX_REPORT_TEXT),
    });
    expect(row?.receivedAt).toBeInstanceOf(Date);
  });

  it('stores the csp-violations of a Reporting API delivery and skips its other reports', async () => {
    const response = await send(
      [
        { type: 'deprecation', age: 1, url: 'https://portal.example/', user_agent: 'UA', body: { id: 'x', message: 'old', lineNumber: 1 } },
        {
          type: 'csp-violation',
          age: 3,
          url: 'https://portal.example/search?q=%E5%BC%A0%E4%B8%89',
          user_agent: 'Mozilla/5.0 (reporting)',
          body: {
            documentURL: 'https://portal.example/search?q=%E5%BC%A0%E4%B8%89',
            blockedURL: 'inline',
            effectiveDirective: 'script-src-elem',
            originalPolicy: "default-src 'self'",
            sourceFile: 'https://portal.example/assets/app.js?v=1',
            sample: 'alert(1)',
            disposition: 'enforce',
            statusCode: 200,
            lineNumber: 3_000_000_000,
            columnNumber: 1,
          },
        },
        { type: 'csp-violation', body: { documentURL: 'https://portal.example/a', effectiveDirective: 'img-src', blockedURL: 'data' } },
      ],
      REPORTS,
      { headers: { 'user-agent': 'header UA' } },
    );
    expect(response.statusCode).toBe(204);
    expect(await newest(2)).toMatchObject([
      // A line beyond PostgreSQL's integer is unknown, not a failed insert.
      {
        documentUri: 'https://portal.example/search',
        directive: 'script-src-elem',
        blockedUri: 'inline',
        sourceFile: 'https://portal.example/assets/app.js',
        lineNumber: null,
        userAgent: 'Mozilla/5.0 (reporting)',
      },
      {
        documentUri: 'https://portal.example/a',
        directive: 'img-src',
        blockedUri: 'data',
        sourceFile: null,
        lineNumber: null,
        userAgent: 'header UA',
      },
    ]);
  });

  it('drops control characters from what it stores; NUL and unpaired surrogates never reach the insert', async () => {
    // As JSON escapes, the way a hostile client would send them.
    const payload =
      '{"csp-report":{"document-uri":"https://portal.example/a\\u0007b\\nc","violated-directive":"img-src\\u007f","blocked-uri":"x\\u001b"}}';
    expect((await send(payload, LEGACY)).statusCode).toBe(204);
    expect((await newest(1))[0]).toMatchObject({ documentUri: 'https://portal.example/abc', directive: 'img-src', blockedUri: 'x' });
    // PostgreSQL cannot store these: the app's input guard refuses them, or the route cleans them; a 500 would be the bug.
    const unstorable = '{"csp-report":{"document-uri":"https://portal.example/\\u0000a","violated-directive":"img-src\\ud800"}}';
    expect([204, 400]).toContain((await send(unstorable, LEGACY)).statusCode);
    expect(cleanReportText('a\u0000b\ud800c\udc00')).toBe('ab\uFFFDc\uFFFD');
    // Trimmed by code points: a pair is kept whole or dropped whole.
    expect(cleanReportText(`${'a'.repeat(MAX_REPORT_TEXT - 1)}😀😀`)).toBe(`${'a'.repeat(MAX_REPORT_TEXT - 1)}😀`);
  });

  it('answers junk with 400, never 500, and stores nothing', async () => {
    const before = (await newest(1))[0]?.id;
    const junk: [unknown, string][] = [
      ['{"csp-report": ', LEGACY],
      ['', LEGACY],
      ['not json', REPORTS],
      [{}, LEGACY],
      [[], REPORTS],
      ['"a string"', LEGACY],
      ['null', LEGACY],
      ['42', REPORTS],
      [{ 'csp-report': 'x' }, LEGACY],
      [{ 'csp-report': {} }, LEGACY],
      [{ 'csp-report': { 'document-uri': 5, 'violated-directive': 'img-src' } }, LEGACY],
      [{ 'csp-report': { 'document-uri': 'https://p/', 'violated-directive': 'img-src', 'line-number': '12' } }, LEGACY],
      [{ 'csp-report': { 'document-uri': 'https://p/', 'violated-directive': 'img-src', 'line-number': 1.5 } }, LEGACY],
      [[{ type: 'csp-violation', body: { blockedURL: 'inline' } }], REPORTS],
      [[{ type: 'csp-violation' }], REPORTS],
      [[{ body: {} }], REPORTS],
      [['x'], REPORTS],
      [
        Array.from({ length: 21 }, () => ({ type: 'csp-violation', body: { documentURL: 'https://p/', effectiveDirective: 'img-src' } })),
        REPORTS,
      ],
      ['{"__proto__":{"polluted":true},"csp-report":{"document-uri":"https://p/","violated-directive":"img-src"}}', LEGACY],
      ['{"constructor":{"prototype":{"polluted":true}},"csp-report":{"document-uri":"https://p/","violated-directive":"img-src"}}', LEGACY],
    ];
    for (const [payload, contentType] of junk) {
      const response = await send(payload, contentType);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ code: 400 });
    }
    expect((await newest(1))[0]?.id).toBe(before);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses other content types with 415, and a body over its small limit with 413', async () => {
    const report = JSON.stringify({ 'csp-report': { 'document-uri': 'https://p/', 'violated-directive': 'img-src' } });
    for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await send(report, contentType);
      expect(response.statusCode, contentType).toBe(415);
    }
    const big = JSON.stringify({
      'csp-report': { 'document-uri': 'https://p/', 'violated-directive': 'img-src', 'script-sample': 'x'.repeat(CSP_REPORT_BODY_LIMIT) },
    });
    expect((await send(big, LEGACY)).statusCode).toBe(413);
  });

  it('leaves every other route refusing the report content types (415)', async () => {
    for (const contentType of [LEGACY, REPORTS]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/login',
        remoteAddress: freshIp(),
        headers: { 'content-type': contentType },
        payload: JSON.stringify({ username: 'x', password: 'y', code: '2' }),
      });
      expect(response.statusCode, contentType).toBe(415);
    }
  });

  it('limits one address to 60 deliveries a minute (429 with retry-after), not the next address', async () => {
    const ip = freshIp();
    const report = { 'csp-report': { 'document-uri': 'https://p/', 'violated-directive': 'img-src' } };
    const statuses: number[] = [];
    for (let index = 0; index < 60; index += 1) statuses.push((await send(report, LEGACY, { ip })).statusCode);
    expect(statuses.every((status) => status === 204)).toBe(true);
    const over = await send(report, LEGACY, { ip });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(report, LEGACY)).statusCode).toBe(204);
  });

  it(`keeps the newest ${CSP_REPORT_CAP} reports, deleting the oldest`, async () => {
    const [{ count = 0 } = {}] = await t.db.select({ count: sql<number>`count(*)::int` }).from(cspReports);
    await t.db.execute(
      sql`INSERT INTO csp_reports (received_at, document_uri, directive, blocked_uri) SELECT now(), 'https://p/' || g, 'img-src', 'data' FROM generate_series(1, ${CSP_REPORT_CAP - count}) AS g`,
    );
    const oldest = async () => (await t.db.select({ id: cspReports.id }).from(cspReports).orderBy(asc(cspReports.id)).limit(1))[0]?.id;
    const firstId = await oldest();
    expect(
      (await send({ 'csp-report': { 'document-uri': 'https://portal.example/last', 'violated-directive': 'img-src' } }, LEGACY)).statusCode,
    ).toBe(204);
    const [after] = await t.db.select({ count: sql<number>`count(*)::int` }).from(cspReports);
    expect(after?.count).toBe(CSP_REPORT_CAP);
    expect(await oldest()).toBe((firstId ?? 0) + 1);
    expect((await newest(1))[0]?.documentUri).toBe('https://portal.example/last');
  });

  it('keeps at most the cap when a delivery brings several reports', async () => {
    const row = { receivedAt: new Date(), documentUri: 'https://p/', directive: 'img-src', blockedUri: 'data' };
    await storeCspReports(
      t.db,
      Array.from({ length: 5 }, () => row),
      3,
    );
    const [left] = await t.db.select({ count: sql<number>`count(*)::int` }).from(cspReports);
    expect(left?.count).toBe(3);
  });
});
