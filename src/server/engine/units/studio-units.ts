import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../../shared/generated/permission';
import type { StudioUnit } from '../../../shared/generated/studio-unit';
import type { StudioUnitSummary } from '../../../shared/generated/studio-unit-summary';
import { mayPublishKind } from '../../../shared/permissions/studio-kind-permissions';
import type { SkippedUnit } from './schema-unit-error';
import { UNIT_KINDS, registryOf } from './unit-registries';
import type { UnitKind } from './unit-registry';

export type StudioKind = UnitKind;

/**
 * Every unit of every kind, live or left out, with the problems of those left out, whether these
 * permissions may publish each (its kind's, ADR 0041) and whether the live one is retired.
 */
export async function listStudioUnits(app: FastifyInstance, permissions: readonly Permission[]): Promise<StudioUnitSummary[]> {
  const registries = UNIT_KINDS.map((kind) => registryOf(app, kind));
  const skipped = new Map<string, SkippedUnit>(registries.flatMap((registry) => registry.skipped()).map((unit) => [unit.path, unit]));
  const summaries: StudioUnitSummary[] = [];
  for (const registry of registries) {
    const canPublish = mayPublishKind(permissions, registry.kind);
    for (const name of await registry.unitNames()) {
      const path = registry.path(name);
      const texts = registry.texts(name);
      const summary: StudioUnitSummary = {
        kind: registry.kind,
        name,
        path,
        title: registry.title(name),
        problems: skipped.get(path)?.problems ?? [],
        canPublish,
      };
      if (texts) summary.version = registry.versionOf(texts);
      if (texts && registry.retired?.(name)) summary.retired = true;
      summaries.push(summary);
    }
  }
  return summaries;
}

/**
 * A unit as the studio opens it (GET /api/studio/unit's answer): its files, its version, the problems it
 * was left out with, and whether the caller may publish it (ADR 0041).
 */
export function studioUnitView(
  app: FastifyInstance,
  unit: { kind: UnitKind; name: string },
  texts: ReadonlyMap<string, string>,
  state: { live: boolean; canPublish: boolean },
): StudioUnit {
  const registry = registryOf(app, unit.kind);
  const path = registry.path(unit.name);
  return {
    kind: unit.kind,
    name: unit.name,
    path,
    title: registry.title(unit.name),
    problems: registry.skipped().find((entry) => entry.path === path)?.problems ?? [],
    files: Object.fromEntries(texts),
    version: registry.versionOf(texts),
    live: state.live,
    canPublish: state.canPublish,
    ...(state.live && registry.retired?.(unit.name) ? { retired: true as const } : {}),
  };
}
