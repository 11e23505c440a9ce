import { describe, expect, it } from 'vitest';
import { AUDIT_VALUE_MAX_LENGTH, escapeLogValue, escapeOptional } from '../../../../src/server/services/audit/escape-log-value';

describe('escapeLogValue (log injection, SECURITY R32)', () => {
  it('escapes CR, LF, tab, the backslash and every other control character', () => {
    expect(escapeLogValue('bob\n2025-01-01 INFO admin login ok')).toBe('bob\\n2025-01-01 INFO admin login ok');
    expect(escapeLogValue('a\r\nb\tc\\d')).toBe('a\\r\\nb\\tc\\\\d');
    expect(escapeLogValue('\u0000\u001b[31m\u007f\u0085\u2028\u2029')).toBe('\\u0000\\u001b[31m\\u007f\\u0085\\u2028\\u2029');
  });

  it('leaves ordinary text, Chinese included, alone', () => {
    expect(escapeLogValue('张伟 Mozilla/5.0 (X11; Linux) "quoted"')).toBe('张伟 Mozilla/5.0 (X11; Linux) "quoted"');
  });

  it('cuts long values', () => {
    const cut = escapeLogValue('x'.repeat(1000));
    expect(cut).toHaveLength(AUDIT_VALUE_MAX_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    expect(escapeOptional(undefined)).toBeNull();
    expect(escapeOptional(null)).toBeNull();
  });
});
