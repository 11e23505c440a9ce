/** One failed rule on one field, as the server returns it and the client puts it on the field. */
export interface FieldError {
  /** Dotted path of the field, e.g. `theme` or `members.0.name`. */
  path: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}
