/** One failed rule on one field, as the server returns it and the client puts it on the field. */
export type { FieldError } from '../generated/field-error';
