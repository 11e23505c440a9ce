import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StudioUnitQuery } from '../../../shared/generated/studio-unit-query';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/route-access';
import { requestAuditEntry } from '../../services/audit/request-audit';
import { writeAudit } from '../../services/audit/write-audit';
import { findPublicationByVersion, insertPublication, listPublications, type PublicationRow } from './publication-store';
import { compileContextOf, compileUnitOrRefuse } from './compile-unit';
import { requireKindPermission } from './require-kind-permission';
import { registryOf } from './unit-registries';

// Publications commit in id order, so a process reading "after the last id I saw" never skips one.
export const PUBLISH_LOCK = sql`SELECT pg_advisory_xact_lock(7202605, 2)`;

const AUDIT_EVENT_OF = { publish: 'SCHEMA_PUBLISHED', rollback: 'SCHEMA_ROLLED_BACK', retire: 'SCHEMA_RETIRED' } as const;

export interface PublishInput {
  unit: StudioUnitQuery;
  texts: ReadonlyMap<string, string>;
  baseVersion: string;
  /** keep: drafts stay checked against the version they were started on; move: against this one. */
  drafts: 'keep' | 'move';
  note?: string | undefined;
  /** retire: the unit with its kind's retired mark (ADR 0040, 0047, 0055), audited as such. */
  action: 'publish' | 'rollback' | 'retire';
}

/**
 * Publishes a unit (or rolls it back to an earlier publication): the publisher must hold the unit kind's
 * permission (requireKindPermission, 403 otherwise), the candidate must check, and must be
 * based on what is live (409 otherwise: someone published in between). In one transaction the
 * version before it (kept once, so drafts started on it stay checked against it), the publication
 * and its audit row are written, and with drafts 'move' the unit's open drafts move to it. Then this
 * process installs it and writes the files; every other process installs it from the database at
 * its next poll (schema-sync.ts).
 */
export async function publishUnit(app: FastifyInstance, request: FastifyRequest, input: PublishInput): Promise<PublicationRow> {
  const user = requireUser(request);
  const { unit, texts } = input;
  // Who may author what (ADR 0041): checked here, before anything about the unit is told, so no caller can publish without it.
  const kindCheck = await requireKindPermission(request, unit);
  const registry = registryOf(app, unit.kind);
  // A resource folder left out at start-up has no routes to serve a publication with.
  if (!registry.canInstall(unit.name)) throw new AppError(409, 'schemaNeedsRestart');
  const live = registry.texts(unit.name) ?? (await registry.read(unit.name));
  if (!live) throw new AppError(404, 'notFound');
  const liveVersion = registry.versionOf(live);
  if (input.baseVersion !== liveVersion) throw new AppError(409, 'schemaChanged', { data: { version: liveVersion } });
  const { unit: compiled, version } = await compileUnitOrRefuse(compileContextOf(app), registry, unit.name, texts);
  if (version === liveVersion) throw new AppError(400, 'schemaUnchanged');
  // Outside the transaction: an index built online cannot be in one, and is there before the publication commits (ADR 0045).
  await registry.beforePublication?.(app.database, unit.name, compiled, requestLocale(request));

  const now = app.clock();
  const row = await app.database.db.transaction(async (tx) => {
    await tx.execute(PUBLISH_LOCK);
    const latest = (await listPublications(tx, unit.kind, unit.name, 1))[0];
    // Another process published and this one has not installed it yet.
    if (latest && latest.version !== liveVersion) throw new AppError(409, 'schemaChanged', { data: { version: latest.version } });
    if (!(await findPublicationByVersion(tx, unit.kind, unit.name, liveVersion))) {
      await insertPublication(tx, {
        kind: unit.kind,
        name: unit.name,
        version: liveVersion,
        baseVersion: null,
        files: Object.fromEntries(live),
        action: 'baseline',
        actorId: null,
        actorName: null,
        note: null,
        at: now,
      });
    }
    const inserted = await insertPublication(tx, {
      kind: unit.kind,
      name: unit.name,
      version,
      baseVersion: liveVersion,
      files: Object.fromEntries(texts),
      action: input.action,
      actorId: user.id,
      actorName: user.fullname,
      note: input.note ?? null,
      at: now,
    });
    // Only a kind whose drafts keep their version (activities) has drafts to move.
    if (input.drafts === 'move') await registry.moveDrafts?.(tx, unit.name, version);
    await registry.inPublication?.(tx, unit.name, compiled);
    // A kind served from its own rows (dictionaries) writes them here: live in every process at commit (ADR 0046).
    await registry.storeRows?.(tx, unit.name, compiled);
    await writeAudit(
      tx,
      requestAuditEntry(request, {
        event: AUDIT_EVENT_OF[input.action],
        result: 'success',
        objectType: 'schema',
        objectId: `${unit.kind}/${unit.name}`,
        // The unit kind's check the publisher held (schemaStudioResource.update…), beside the route's schemaStudio.update.
        action: kindCheck,
        reason: `${liveVersion.slice(0, 12)} → ${version.slice(0, 12)}（#${inserted.id}）`,
      }),
    );
    return inserted;
  });

  // Only what the running routes were not built from may change (live-change-problems.ts, ADR 0027): compile checked it.
  registry.install(unit.name, texts);
  try {
    await registry.write(unit.name, texts);
  } catch (error) {
    // The database holds the publication and every process installs it from there; the files catch up at the next publish.
    request.log.error({ err: error, unit: `${unit.kind}/${unit.name}` }, 'published schema files could not be written');
  }
  return row;
}
