/** Spec §8 success: code 0 with HTTP 200. */
export function ok<T>(data: T, msg = 'ok'): { code: 0; msg: string; data: T } {
  return { code: 0, msg, data };
}

/** Spec §8 failure: code mirrors the HTTP status; never a stack trace or internal detail. */
export type { ErrorEnvelope } from '../../shared/generated/error-envelope';
