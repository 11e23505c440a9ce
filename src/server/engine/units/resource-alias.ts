import type { ResourceFile } from '../../../shared/generated/resource-file';
import type { CompiledResource } from './compiled-resource';

/** One of the spec's call paths a resource folder serves (resource.json `aliases`). */
export type ResourceAlias = NonNullable<ResourceFile['aliases']>[number];

/**
 * Actions whose alias another route plugin serves at start-up (the import's multipart parser, the matching
 * calls): the engine's generic routes do not mount them. Added later, they reach the catch-all (ADRs 0049, 0050).
 */
export const OWN_PLUGIN_ALIAS_ACTIONS: ReadonlySet<ResourceAlias['action']> = new Set(['import', 'rules', 'rule', 'match', 'matchExport']);

/** The matching calls: a live alias of one is forwarded to the folder's matching route when the folder has it (ADR 0049). */
export const MATCHING_ALIAS_ACTIONS: ReadonlySet<ResourceAlias['action']> = new Set(['rules', 'rule', 'match', 'matchExport']);

/** Method and path: what a request is routed by, so what two aliases may not share. */
export function aliasKey(alias: Pick<ResourceAlias, 'method' | 'path'>): string {
  return `${alias.method} ${alias.path}`;
}

/** Whether two aliases are the same call to the same action (key order and absent keys aside). */
export function sameAlias(a: ResourceAlias, b: ResourceAlias): boolean {
  return (
    a.method === b.method &&
    a.path === b.path &&
    a.action === b.action &&
    a.list === b.list &&
    a.transition === b.transition &&
    JSON.stringify(a.transitions ?? null) === JSON.stringify(b.transitions ?? null)
  );
}

/** The live alias a request names, with its folder: read at each request, so a publication adds or removes it. */
export function liveAliasAt(
  resources: readonly CompiledResource[],
  method: string,
  path: string,
): { resource: CompiledResource; alias: ResourceAlias } | undefined {
  for (const resource of resources) {
    const alias = resource.resource.aliases?.find((candidate) => candidate.method === method && candidate.path === path);
    if (alias) return { resource, alias };
  }
  return undefined;
}
