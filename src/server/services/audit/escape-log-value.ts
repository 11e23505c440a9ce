/** Longest value kept per field: a log is not a place to store whatever a client sends. */
export const AUDIT_VALUE_MAX_LENGTH = 256;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

/**
 * Encodes a value against log injection (SECURITY R32, OWASP Logging CS): CR, LF, tab and the
 * backslash get their C escapes, every other control character (C0, DEL, C1) and the Unicode line
 * and paragraph separators become \uXXXX, so a stored value can never start a forged line in an
 * export or a log view. The backslash is escaped too, so that an escape is never ambiguous.
 * Values are cut at AUDIT_VALUE_MAX_LENGTH characters (after escaping), with a trailing '…'.
 */
export function escapeLogValue(value: string): string {
  const escaped = value.replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > AUDIT_VALUE_MAX_LENGTH ? `${escaped.slice(0, AUDIT_VALUE_MAX_LENGTH - 1)}…` : escaped;
}

/** escapeLogValue for an optional value: absent stays null. */
export function escapeOptional(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : escapeLogValue(value);
}
