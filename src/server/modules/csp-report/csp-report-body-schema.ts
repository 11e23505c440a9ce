import type { JsonSchema } from '../../../shared/schema/json-schema';

/** The legacy `report-uri` body (CSP Level 2), sent as application/csp-report. */
export interface LegacyCspReport {
  'csp-report': {
    'document-uri': string;
    'violated-directive': string;
    'effective-directive'?: string;
    'blocked-uri'?: string;
    'source-file'?: string;
    'line-number'?: number;
  };
}

/** One report of the Reporting API (`report-to`), sent as an application/reports+json array. */
export interface ReportingApiReport {
  type: string;
  url?: string;
  user_agent?: string;
  body: {
    documentURL?: string;
    effectiveDirective?: string;
    blockedURL?: string;
    sourceFile?: string;
    lineNumber?: number;
  };
}

export type CspReportBody = LegacyCspReport | ReportingApiReport[];

/** At most this many reports in one Reporting API delivery are read; browsers batch a few. */
export const MAX_REPORTS_PER_DELIVERY = 20;

const text = { type: 'string' } as const;
const line = { type: 'integer' } as const;

/*
 * Only the fields that are stored are typed; others pass, since browsers add fields over time and a
 * report refused for a new field would be a violation nobody hears of. Lengths are not limited here:
 * the body limit bounds them, and the route trims what it stores.
 */
const LEGACY: JsonSchema = {
  type: 'object',
  title: 'report-uri（application/csp-report）',
  required: ['csp-report'],
  properties: {
    'csp-report': {
      type: 'object',
      required: ['document-uri', 'violated-directive'],
      properties: {
        'document-uri': text,
        'violated-directive': text,
        'effective-directive': text,
        'blocked-uri': text,
        'source-file': text,
        'line-number': line,
      },
    },
  },
};

const REPORTING_API: JsonSchema = {
  type: 'array',
  title: 'Reporting API（application/reports+json）',
  minItems: 1,
  maxItems: MAX_REPORTS_PER_DELIVERY,
  items: {
    type: 'object',
    required: ['type', 'body'],
    properties: {
      type: text,
      url: text,
      user_agent: text,
      body: {
        type: 'object',
        properties: { documentURL: text, effectiveDirective: text, blockedURL: text, sourceFile: text, lineNumber: line },
      },
    },
    // Other report types (deprecation, intervention) may share the endpoint; they are ignored, not refused.
    if: { type: 'object', properties: { type: { const: 'csp-violation' } } },
    then: { type: 'object', properties: { body: { type: 'object', required: ['documentURL', 'effectiveDirective'] } } },
  },
};

/** Either format, as browsers send them; the route reads both. */
export const CSP_REPORT_BODY_SCHEMA: JsonSchema = { anyOf: [LEGACY, REPORTING_API] };
