/**
 * The header a create or submit carries so that a repeat of it is answered, not run again (SECURITY
 * R37, ADR 0064; IETF draft-ietf-httpapi-idempotency-key-header). Lower case, as Node names headers.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set on an answer the server gave again from its store rather than by running the request. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
