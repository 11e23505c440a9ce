import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a record's seal covers: everything but its timestamps (SECURITY R34). */
export interface SealedFields {
  id: string;
  resource: string;
  status: string;
  version: number;
  ownerId: string | null;
  orgId: string | null;
  data: Record<string, unknown>;
}

export interface RecordSealer {
  seal(row: SealedFields): string;
  /** Whether the row's stored seal is the one its content gives. */
  verify(row: SealedFields & { seal: string | null }): boolean;
}

/** JSON with object keys sorted at every level: jsonb reorders keys, so the seal must not depend on their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SECURITY R34: an HMAC-SHA256, under a key kept outside the database, over a record's canonical
 * content and version. A change made behind the engine's back (SQL, a restored dump) no longer
 * matches, and the reads say so.
 */
export function createRecordSealer(key: Buffer): RecordSealer {
  const seal = (row: SealedFields): string =>
    createHmac('sha256', key)
      .update(
        canonical({
          id: row.id,
          resource: row.resource,
          status: row.status,
          version: row.version,
          ownerId: row.ownerId,
          orgId: row.orgId,
          data: row.data,
        }),
      )
      .digest('base64url');
  return {
    seal,
    verify(row) {
      if (row.seal === null) return false;
      const expected = Buffer.from(seal(row));
      const stored = Buffer.from(row.seal);
      return expected.length === stored.length && timingSafeEqual(expected, stored);
    },
  };
}
