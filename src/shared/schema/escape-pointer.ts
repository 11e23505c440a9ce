/** One segment of a JSON pointer (RFC 6901): `~` and `/` in a key are escaped. */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
