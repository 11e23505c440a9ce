import type { ResourceFile } from '../generated/resource-file';

/**
 * The field of a form page's query that holds its target's id (resource.json pages about): the target's match
 * pairs it with the target's `id`. schemas:check refuses an `about` without one; the server sends it to the form.
 */
export function aboutQueryField(target: ResourceFile['target'], query: readonly string[] | undefined): string | undefined {
  return target?.match.find((pair) => pair.targetField === 'id' && (query ?? []).includes(pair.field))?.field;
}
