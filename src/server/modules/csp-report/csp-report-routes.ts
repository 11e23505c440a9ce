import type { FastifyInstance } from 'fastify';
import { CSP_REPORT_BODY_SCHEMA, type CspReportBody } from './csp-report-body-schema';
import { cspReportRows } from './csp-report-rows';
import { storeCspReports } from './store-csp-reports';
import { CSP_REPORT_PATH } from '../../plugins/security-headers';

/** A violation report is a few hundred bytes; a Reporting API batch a few KB. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;

const REPORT_CONTENT_TYPES = ['application/csp-report', 'application/reports+json'];

/**
 * Where browsers send the CSP's violation reports (SECURITY R29). Public, as browsers send them
 * without a token; rate-limited per IP, trimmed and capped so it cannot fill the database.
 */
export async function cspReportRoutes(app: FastifyInstance): Promise<void> {
  // This plugin's own context: the two report types are parsed here only, and JSON is not, so every
  // other route still refuses them with 415 and this one refuses everything else (SECURITY R13).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    REPORT_CONTENT_TYPES,
    { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.post<{ Body: CspReportBody }>(
    CSP_REPORT_PATH,
    {
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: 'CSP 违规报告（浏览器发送：report-uri 或 Reporting API）',
        description:
          'Stores each csp-violation with its URIs stripped of query and fragment and every text trimmed; other report types are ignored. Answers 204.',
        tags: ['系统'],
        consumes: REPORT_CONTENT_TYPES,
        body: CSP_REPORT_BODY_SCHEMA,
        response: { 204: { type: 'null', description: '已收到' } },
      },
    },
    async (request, reply) => {
      await storeCspReports(app.database.db, cspReportRows(request.body, request.headers['user-agent'], app.clock()));
      return reply.code(204).send();
    },
  );
}
