/** Where the generic routes of one resource live, under /api (ADR 0010). */
export function resourceBasePath(name: string): string {
  return `/resources/${name}`;
}
