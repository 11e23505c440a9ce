import type { FastifyInstance } from 'fastify';
import type { StudioUnitSummary } from '../../../shared/generated/studio-unit-summary';
import type { SkippedUnit } from './schema-unit-error';
import { UNIT_KINDS, registryOf } from './unit-registries';
import type { UnitKind } from './unit-registry';

export type StudioKind = UnitKind;

/** Every activity folder, form file, resource folder and the site navigation, live or left out, with the problems of those left out. */
export async function listStudioUnits(app: FastifyInstance): Promise<StudioUnitSummary[]> {
  const registries = UNIT_KINDS.map((kind) => registryOf(app, kind));
  const skipped = new Map<string, SkippedUnit>(registries.flatMap((registry) => registry.skipped()).map((unit) => [unit.path, unit]));
  const summaries: StudioUnitSummary[] = [];
  for (const registry of registries) {
    for (const name of await registry.unitNames()) {
      const path = registry.path(name);
      const texts = registry.texts(name);
      const summary: StudioUnitSummary = {
        kind: registry.kind,
        name,
        path,
        title: registry.title(name),
        problems: skipped.get(path)?.problems ?? [],
      };
      if (texts) summary.version = registry.versionOf(texts);
      summaries.push(summary);
    }
  }
  return summaries;
}
