/** A UUID v4. crypto.randomUUID exists only in secure contexts; an intranet portal on plain http has getRandomValues alone. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeys {
  /** The key for a call about to go out: the key of the same call still in flight, or a new one. */
  take(signature: string): string;
  /** The call is answered (or failed): the next one like it is a new submission with a new key. */
  settle(signature: string): void;
}

/**
 * The Idempotency-Key of each POST (SECURITY R37, ADR 0064). The client does not retry a call itself,
 * so a key lives as long as its call: a second identical call while the first is in flight (a double
 * click on submit, a second tab's button) goes out with the same key, and the server answers both
 * with the one record; once the first is answered, the same call again is a new submission.
 */
export function createIdempotencyKeys(newKey: () => string = randomKey): IdempotencyKeys {
  const inFlight = new Map<string, { key: string; calls: number }>();
  return {
    take(signature) {
      const known = inFlight.get(signature);
      if (known) {
        known.calls += 1;
        return known.key;
      }
      const key = newKey();
      inFlight.set(signature, { key, calls: 1 });
      return key;
    },
    settle(signature) {
      const known = inFlight.get(signature);
      if (!known) return;
      known.calls -= 1;
      if (known.calls <= 0) inFlight.delete(signature);
    },
  };
}
