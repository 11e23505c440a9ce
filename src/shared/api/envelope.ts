import type { FieldError } from '../schema/field-error';

/** The response envelope of spec §8: `code` 0 (or 200) means success, anything else carries `msg`. */
export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data?: T;
  /** Set by the calls whose spec shape is a success flag (login, captcha). */
  success?: boolean;
  /** Login's token lives here, per the spec. */
  result?: T;
  /** Field errors of a rejected write, each on its field. */
  errors?: FieldError[];
}

export interface Page<T> {
  total: number;
  records: T[];
}

export function isSuccess(envelope: Pick<ApiEnvelope<unknown>, 'code'>): boolean {
  return envelope.code === 0 || envelope.code === 200;
}
