/** A page's path as the route table and resource.json pages write it: `/home/event/` is `/home/event`; `/` stays. */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
