import type { cspReports } from '../../db/schema';
import { cleanReportText } from './clean-report-text';
import { MAX_REPORTS_PER_DELIVERY, type CspReportBody } from './csp-report-body-schema';

export type CspReportRow = typeof cspReports.$inferInsert;

const MAX_INTEGER = 2_147_483_647;

/** PostgreSQL's integer: anything else (a negative or absurd line) is stored as unknown rather than failing the insert. */
function lineOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INTEGER ? value : null;
}

/**
 * The rows to store for one delivery of either format (the body already passed the route's schema).
 * Reporting API reports of other types are skipped.
 */
export function cspReportRows(body: CspReportBody, userAgent: string | undefined, receivedAt: Date): CspReportRow[] {
  if (!Array.isArray(body)) {
    const report = body['csp-report'];
    return [
      {
        receivedAt,
        documentUri: cleanReportText(report['document-uri'], { uri: true }) ?? '',
        directive: cleanReportText(report['effective-directive'] ?? report['violated-directive']) ?? '',
        blockedUri: cleanReportText(report['blocked-uri'], { uri: true }) ?? '',
        sourceFile: cleanReportText(report['source-file'], { uri: true }) ?? null,
        lineNumber: lineOf(report['line-number']),
        userAgent: cleanReportText(userAgent) ?? null,
      },
    ];
  }
  return body
    .slice(0, MAX_REPORTS_PER_DELIVERY)
    .filter((report) => report.type === 'csp-violation')
    .map((report) => ({
      receivedAt,
      documentUri: cleanReportText(report.body.documentURL ?? report.url, { uri: true }) ?? '',
      directive: cleanReportText(report.body.effectiveDirective) ?? '',
      blockedUri: cleanReportText(report.body.blockedURL, { uri: true }) ?? '',
      sourceFile: cleanReportText(report.body.sourceFile, { uri: true }) ?? null,
      lineNumber: lineOf(report.body.lineNumber),
      userAgent: cleanReportText(report.user_agent ?? userAgent) ?? null,
    }));
}
