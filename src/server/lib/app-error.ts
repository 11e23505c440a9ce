import type { FieldError } from '../../shared/schema/field-error';
import type { ServerMessageKey } from '../i18n/server-messages';

/**
 * An expected failure with its HTTP status. The error handler turns it into the envelope
 * `{code: status, msg, errors?}`; `msg` is the catalogue text for `messageKey` unless `msg` is given; `data` carries what the client
 * needs to recover (a 409's current version).
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly messageKey: ServerMessageKey,
    readonly details: { errors?: FieldError[]; msg?: string; data?: Record<string, unknown> } = {},
  ) {
    super(messageKey);
  }
}
