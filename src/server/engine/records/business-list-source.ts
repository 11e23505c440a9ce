import { and, count, desc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RecordView } from '../../../shared/generated/record-view';
import type { Locale } from '../../../shared/i18n/locale';
import { localizedEntryTitle } from '../../../shared/i18n/localized-title';
import { isPrivateState } from '../../../shared/resource/workflow-rules';
import { records } from '../../db/schema';
import type { ListSource } from './list-source';
import type { CompiledResource } from '../units/resource-registry';

/** The resource folder schemas/resources/business names this source. */
const RESOURCE = 'business';

/** Where a record stands, whatever its folder: not yet handed in, being handled, or settled. */
export type BusinessPhase = 'draft' | 'processing' | 'finished';

/**
 * A state's phase: private states are drafts; a state coloured as a decision (success, error) or
 * left plain once handed in (a recalled or left membership) is settled; the rest (processing,
 * warning: under review, returned for changes) are being handled.
 */
export function businessPhase(resource: CompiledResource, state: string): BusinessPhase {
  if (isPrivateState(resource.workflow, state)) return 'draft';
  const color = resource.workflow.states[state]?.color;
  return color === 'processing' || color === 'warning' ? 'processing' : 'finished';
}

/** What names a record in a list: its folder's "mine" list's first column, when that is text. */
function subjectOf(resource: CompiledResource, data: Record<string, unknown>): string {
  const mine = resource.lists['mine'] ?? Object.values(resource.lists).find((list) => list.scope === 'mine');
  const field = mine?.columns[0]?.field;
  const value = field === undefined ? undefined : data[field];
  return typeof value === 'string' ? value : '';
}

function stateTitle(resource: CompiledResource, state: string, locale: Locale): string {
  const entry = resource.workflow.states[state];
  return entry ? localizedEntryTitle(entry, locale) : state;
}

/**
 * 业务管理 (spec §2 business management): everything the caller has handed to the portal through the
 * resource folders, newest first, in one list: which kind of business, what it is about, where it
 * stands in its own workflow, and a link to its own detail page. Read-only; each folder keeps its
 * own actions.
 */
export function businessListSource(app: FastifyInstance): ListSource {
  return {
    async list(query, user) {
      const resources = new Map(
        app.resources
          .list()
          .filter((resource) => resource.resource.source === undefined && resource.resource.owner !== 'none')
          .map((resource) => [resource.name, resource]),
      );
      const phases = new Set(query.statuses);
      // The (folder, state) pairs in the asked phases: the phase is the folder's, not a column.
      const pairs = [...resources.values()].flatMap((resource) =>
        Object.keys(resource.workflow.states)
          .filter((state) => phases.has(businessPhase(resource, state)))
          .map((state) => ({ resource: resource.name, state })),
      );
      if (pairs.length === 0) return { total: 0, records: [] };
      const db = app.database.db;
      const where = and(
        eq(records.ownerId, user.id),
        or(...pairs.map((pair) => and(eq(records.resource, pair.resource), eq(records.status, pair.state)))),
      );
      const total = (await db.select({ n: count() }).from(records).where(where))[0]?.n ?? 0;
      const page = await db
        .select()
        .from(records)
        .where(where)
        .orderBy(desc(records.updatedAt), desc(records.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize);
      const views: RecordView[] = page.flatMap((row) => {
        const resource = resources.get(row.resource);
        if (!resource) return [];
        return [
          {
            id: row.id,
            resource: RESOURCE,
            status: businessPhase(resource, row.status),
            version: row.version,
            data: {
              kind: localizedEntryTitle(resource.resource, query.locale),
              subject: subjectOf(resource, row.data),
              state: stateTitle(resource, row.status, query.locale),
              folder: resource.name,
            },
            ownerName: user.fullname,
            createdAt: row.createdAt.toISOString(),
            updatedAt: row.updatedAt.toISOString(),
            editable: false,
            actions: [],
          },
        ];
      });
      return { total, records: views };
    },
  };
}
