import type { FieldError } from '../../shared/schema/field-error';

/** Spec §8 success: code 0 with HTTP 200. */
export function ok<T>(data: T, msg = 'ok'): { code: 0; msg: string; data: T } {
  return { code: 0, msg, data };
}

/** Spec §8 failure: code mirrors the HTTP status; never a stack trace or internal detail. */
export interface ErrorEnvelope {
  code: number;
  msg: string;
  errors?: FieldError[];
  /** The catalogue key of an expected refusal (e.g. windowClosed), stable across locales. */
  reason?: string;
  /** What the client needs to recover, e.g. a version conflict's current version. */
  data?: unknown;
  requestId?: string;
}
