import type { FastifyInstance } from 'fastify';
import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import { grantFolderPermission } from '../../services/roles/grant-folder-permission';
import { folderGrants } from './folder-grants';
import { findPublicationByVersion, lastPublicationId, publicationsAfter, unitHistories, type PublicationRow } from './publication-store';
import { UNIT_KINDS, registryOf } from './unit-registries';
import type { UnitKind } from './unit-registry';

/** Keeps this process's schemas in step with what the studio publishes from any process (ADR 0026). */
export interface SchemaSync {
  /** Installs every publication this process has not seen yet; answers how many changed what is live. */
  poll(): Promise<number>;
  /** The activity as it was at `version`, for a draft pinned to it; undefined when no process kept it. */
  activityAt(id: string, version: string): Promise<CompiledActivity | undefined>;
  stop(): void;
}

const asKind = (kind: string): UnitKind => UNIT_KINDS.find((known) => known === kind) ?? 'activity';

function installPublication(app: FastifyInstance, row: PublicationRow): boolean {
  const registry = registryOf(app, asKind(row.kind));
  const live = registry.texts(row.name);
  if (live && registry.versionOf(live) === row.version) return false;
  try {
    registry.install(row.name, new Map(Object.entries(row.files)));
    app.log.info({ unit: `${row.kind}/${row.name}`, version: row.version, publication: row.id }, 'schema publication installed');
    return true;
  } catch (error) {
    // A publication was checked before it was stored; one that no longer compiles here is logged, not fatal.
    app.log.error({ err: error, unit: `${row.kind}/${row.name}`, publication: row.id }, 'schema publication could not be installed');
    return false;
  }
}

/**
 * At start-up the files decide, unless the database holds a newer publication of a unit whose files
 * are a version it has already replaced (another machine published while this one's files stayed
 * behind), or a unit the studio created that this machine has no files of. A version the database has
 * never seen was edited in the files (git): the files win. A publication of a name this process has
 * never seen installs like any other: each registry's install takes a new name. Then
 * every `intervalMs` the process installs what has been published since, from the database, so a
 * publication is live everywhere within that time without a restart.
 */
export async function startSchemaSync(app: FastifyInstance, options: { intervalMs: number }): Promise<SchemaSync> {
  const { db } = app.database;
  let seen = await lastPublicationId(db);
  for (const { latest, versions, created } of (await unitHistories(db)).values()) {
    const registry = registryOf(app, asKind(latest.kind));
    const live = registry.texts(latest.name);
    if (!live) {
      // Made in the studio on another machine, whose files this one never had (ADR 0040). A unit the
      // files hold but left out at start-up stays the files' to fix.
      if (created && !(await registry.read(latest.name)) && installPublication(app, latest)) {
        // The role catalogue written at this start knew only the folders of the files, and took the
        // created folder's grants away (seed-roles.ts): they are its creation's, given back (ADR 0047).
        const folder = latest.kind === 'resource' ? app.resources.get(latest.name) : undefined;
        if (folder) await grantFolderPermission(db, folder.resource.permission, folderGrants(folder));
      }
      continue;
    }
    const version = registry.versionOf(live);
    if (version === latest.version) continue;
    if (versions.has(version)) installPublication(app, latest);
    else app.log.info({ unit: `${latest.kind}/${latest.name}`, version }, 'schema files edited outside the studio: the files are live');
  }

  let running: Promise<number> | undefined;
  const poll = (): Promise<number> => {
    running ??= (async () => {
      try {
        let changed = 0;
        for (const row of await publicationsAfter(db, seen)) {
          if (installPublication(app, row)) changed += 1;
          seen = Math.max(seen, row.id);
        }
        return changed;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer =
    options.intervalMs > 0
      ? setInterval(() => poll().catch((error: unknown) => app.log.error({ err: error }, 'schema sync failed')), options.intervalMs)
      : undefined;
  timer?.unref();

  return {
    poll,
    activityAt: async (id, version) => {
      const kept = app.activities.atVersion(id, version);
      if (kept) return kept;
      const row = await findPublicationByVersion(db, 'activity', id, version);
      if (!row) return undefined;
      try {
        return app.activities.keep(id, new Map(Object.entries(row.files)));
      } catch (error) {
        app.log.error({ err: error, unit: `activity/${id}`, version }, 'pinned schema version could not be compiled');
        return undefined;
      }
    },
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
