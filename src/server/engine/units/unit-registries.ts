import type { FastifyInstance } from 'fastify';
import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { NavigationFile } from '../../../shared/generated/navigation-file';
import type { CompiledResource } from './compiled-resource';
import type { CompiledDashboard } from './dashboard-registry';
import type { CompiledDictionary } from './dictionary-registry';
import type { FormSchemaEntry } from './schema-registry';
import type { UnitKind, UnitRegistry } from './unit-registry';
import type { CompiledWorkflow } from './workflow-registry';

/** What each kind of unit compiles to. */
export interface UnitsByKind {
  activity: CompiledActivity;
  form: FormSchemaEntry;
  resource: CompiledResource;
  site: NavigationFile;
  dashboard: CompiledDashboard;
  dictionary: CompiledDictionary;
  workflow: CompiledWorkflow;
}

/** Any kind's compiled unit. */
export type AnyUnit = UnitsByKind[UnitKind];

export type UnitRegistries = { readonly [K in UnitKind]: UnitRegistry<UnitsByKind[K]> };

/** The kinds, in the order the studio lists them. */
export const UNIT_KINDS: readonly UnitKind[] = ['activity', 'form', 'resource', 'site', 'dashboard', 'dictionary', 'workflow'];

/** The one map from a unit's kind to its registry: the studio, a publication and the schema sync look a unit up here. */
export function unitRegistries(app: FastifyInstance): UnitRegistries {
  return {
    activity: app.activities,
    form: app.schemaRegistry,
    resource: app.resources,
    site: app.site,
    dashboard: app.dashboards,
    dictionary: app.dictionaries,
    workflow: app.workflows,
  };
}

/** The registry of a kind, for code that handles every kind alike. */
export function registryOf(app: FastifyInstance, kind: UnitKind): UnitRegistry<AnyUnit> {
  return unitRegistries(app)[kind];
}
