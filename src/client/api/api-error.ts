import type { FieldError } from '../../shared/schema/field-error';

/** Any failed call: HTTP error, business error code, timeout or network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: unknown,
    /** Field errors from a validation failure (HTTP 400), empty otherwise. */
    readonly fieldErrors: FieldError[],
    /**
     * The server's name for a specific refusal (its message catalogue key: windowClosed,
     * notQualified, versionConflict, notEditable…), the same in every locale; absent for a
     * generic failure. Branch on this, never on the wording of `message`.
     */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['path'] === 'string' && typeof candidate['keyword'] === 'string' && typeof candidate['message'] === 'string';
}
