import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { RecordView } from '../../../shared/generated/record-view';
import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import type { Locale } from '../../../shared/i18n/locale';
import { beijingDate } from '../../../shared/rules/beijing-date';
import { listFilters, recordProperty, type ListFilter } from '../../../shared/resource/list-fields';
import { records } from '../../db/schema';
import { layoutFields } from '../../../shared/resource/check-list-layout';
import { isSystemField } from '../../../shared/resource/resource-definition';
import { visitorData } from '../../../shared/resource/visitor-data';
import { listStates } from '../../../shared/resource/workflow-rules';
import type { AuthUser } from '../../lib/auth-user';
import { currentUnit } from '../../services/users/user-units';
import type { ListSource } from './list-source';
import { listRecords, type RecordFilter, type RecordListQuery, type RecordScope, type RecordSort } from './list-records';
import { callerOf, presentRecord, takenByCaller, withOwnedTargets } from './record-access';
import type { CompiledResource } from '../units/resource-registry';
import { targetIdField } from './target-owner';
import type { Db } from '../../db/database';
import { personalColumnDigest, personalDigest, personalKindOf } from './personal-digest';

function listSort(resource: CompiledResource, list: ResourceListFile, body: Record<string, unknown>, now: Date): RecordSort {
  const layout = list.layout;
  // An agenda without a sort asked for reads as a calendar: what is on and coming first, the past after it.
  if (layout?.kind === 'agenda' && layout.start !== undefined && typeof body['sortField'] !== 'string')
    return { field: layout.start, order: 'ascend', kind: 'text', upcoming: { end: layout.end ?? layout.start, now: now.toISOString() } };
  const field = typeof body['sortField'] === 'string' ? body['sortField'] : (list.sort?.default.field ?? 'updatedAt');
  const order =
    body['sortOrder'] === 'ascend' || body['sortOrder'] === 'descend' ? body['sortOrder'] : (list.sort?.default.order ?? 'descend');
  if (isSystemField(field)) return { field, order, kind: 'column' };
  const type = recordProperty(resource.record, field)?.type;
  return { field, order, kind: type === 'number' || type === 'integer' ? 'number' : 'text' };
}

/** A list file's filter as the records query's: a month is a date's prefix, a period compares with today in Beijing. */
function recordFilter(filter: ListFilter, value: RecordFilter['value'], now: Date): RecordFilter {
  if (filter.match === 'month') return { field: filter.field, match: 'prefix', value: `${String(value)}-` };
  if (filter.match === 'period') return { field: filter.field, match: value === 'end' ? 'before' : 'notBefore', value: beijingDate(now) };
  return { field: filter.field, match: filter.match, value };
}

/**
 * A filter on a personal field (x-mask) as the records can answer it (ADR 0070): its values are stored
 * sealed, so whatever the list file's match (equals, contains), it finds the records holding exactly the
 * value, by its blind index. Part of a number finds nothing; a list of values finds none of them either.
 */
function personalFilter(db: Db, resource: CompiledResource, filter: RecordFilter): RecordFilter {
  if (personalKindOf(resource, filter.field) === undefined) return filter;
  const value = typeof filter.value === 'string' ? filter.value : '';
  return { field: filter.field, match: 'blind', value: personalDigest(db, resource, filter.field, value) ?? '' };
}

/** The data fields a row of a list for visitors needs: its columns', its layout's and those its links fill in. */
export function publicRowFields(list: ResourceListFile): string[] {
  const linked = Object.values(list.links ?? {}).flatMap((link) => [...link.href.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? ''));
  const named = [...list.columns.map((column) => column.field), ...layoutFields(list.layout), ...linked];
  return [...new Set(named.filter((field) => field !== 'id' && !isSystemField(field)))];
}

/**
 * The caller's interests (the tags of their newest record in the interests' folder) as a filter; none
 * when they chose nothing, so that they still see the newest items rather than an empty page.
 */
async function interestFilter(
  app: FastifyInstance,
  interests: NonNullable<ResourceListFile['interests']>,
  user: AuthUser,
): Promise<RecordFilter[]> {
  const rows = await app.database.db
    .select({ data: records.data })
    .from(records)
    .where(and(eq(records.resource, interests.resource), eq(records.ownerId, user.id)))
    .orderBy(desc(records.updatedAt))
    .limit(1);
  const chosen = rows[0]?.data[interests.from];
  const tags = Array.isArray(chosen) ? chosen.filter((tag): tag is string => typeof tag === 'string') : [];
  return tags.length === 0 ? [] : [{ field: interests.field, match: 'anyOf', value: tags }];
}

/** The states a list shows: private states (drafts) are their owner's alone, so only a "mine" list has them. */
export function shownStates(resource: CompiledResource, list: ResourceListFile): string[] {
  return listStates(resource.workflow, list);
}

/**
 * The records query of a list request (already checked against the list's request schema): the list
 * file's scope for this caller, its states narrowed by the status filter, its filters and fixed
 * conditions, the sort and the page. undefined when the scope leaves the caller nothing to see.
 */
export async function listQueryOf(
  app: FastifyInstance,
  resource: CompiledResource,
  list: ResourceListFile,
  user: AuthUser | null,
  body: Record<string, unknown>,
): Promise<RecordListQuery | undefined> {
  const db = app.database.db;
  let scope: RecordScope = { kind: 'all' };
  // A visitor reaches only a list for visitors (audience public, scope all): the route says so.
  if (!user && list.scope !== 'all') return undefined;
  if (list.scope === 'mine' && user) scope = { kind: 'owner', id: user.id };
  // Reads the caller's units or number only where the folder's workflow or addressees need them.
  const caller = await callerOf(app, resource, user);
  if (list.scope === 'addressed') {
    const { addressees } = resource.resource;
    if (!addressees || !caller.phone) return undefined;
    const sealed = personalColumnDigest(db, resource, addressees.field, addressees.phoneField, caller.phone);
    scope = { kind: 'addressee', field: addressees.field, phoneField: addressees.phoneField, phone: caller.phone, digest: sealed?.digest };
  }
  if (list.scope === 'targetOwner') {
    const field = targetIdField(resource);
    const target = resource.resource.target;
    if (!user || !target || field === undefined) return undefined;
    scope = { kind: 'targetOwner', resource: target.resource, field, ownerId: user.id };
  }
  if (list.scope === 'organisation' && user) {
    const unit = await currentUnit(db, user.id);
    if (!unit) return undefined;
    scope = { kind: 'org', id: unit.id };
  }
  if (list.scope === 'administered') {
    // Another unit's id narrows to nothing: no telling which units exist.
    const orgId = body['orgId'];
    const ids = typeof orgId === 'string' ? [...caller.adminUnits].filter((id) => id === orgId) : [...caller.adminUnits];
    if (ids.length === 0) return undefined;
    scope = { kind: 'orgs', ids };
  }
  // Staff with a jurisdiction (a unit's integrity officer) see the records of their own units only.
  const field = resource.resource.jurisdiction?.field;
  const jurisdiction: RecordFilter[] = [];
  if (list.scope === 'all' && field !== undefined && caller.jurisdiction !== null) {
    if (caller.jurisdiction.size === 0) return undefined;
    jurisdiction.push({ field, match: 'oneOf', value: [...caller.jurisdiction] });
  }
  const shown = shownStates(resource, list);
  const status = body['status'];
  const dataFilters: RecordFilter[] = listFilters(list, resource.record, resource.workflow, 'zh-CN')
    .filter((filter) => filter.field !== 'status' && body[filter.field] !== undefined)
    .map((filter) => recordFilter(filter, body[filter.field] as RecordFilter['value'], app.clock()))
    // The list file's fixed conditions (where): 我的贷款 is the loan applications alone.
    .concat(
      Object.entries(list.where ?? {}).flatMap(([name, value]) =>
        value === undefined ? [] : [{ field: name, match: 'equals' as const, value }],
      ),
    )
    .concat(jurisdiction)
    .concat(user && list.interests ? await interestFilter(app, list.interests, user) : [])
    .map((filter) => personalFilter(db, resource, filter));
  return {
    resource: resource.name,
    scope,
    statuses: typeof status === 'string' ? shown.filter((state) => state === status) : shown,
    filters: dataFilters,
    sort: listSort(resource, list, body, app.clock()),
    pageNo: typeof body['pageNo'] === 'number' ? body['pageNo'] : DEFAULT_PAGE_NO,
    pageSize: typeof body['pageSize'] === 'number' ? body['pageSize'] : (list.pageSize ?? DEFAULT_PAGE_SIZE),
    ...(list.audience === 'public' ? { fields: publicRowFields(list) } : {}),
    personal: { sealedFields: resource.sealedFields, sealedColumns: resource.sealedColumns },
  };
}

/** One page of a list as this caller sees it: from the records table, or from the resource's source. */
export async function readListPage(
  app: FastifyInstance,
  resource: CompiledResource,
  source: ListSource | undefined,
  query: RecordListQuery,
  user: AuthUser | null,
  locale: Locale,
): Promise<{ total: number; records: RecordView[] }> {
  if (source) {
    // A source's records are never for visitors (the checker refuses visitors on a source folder).
    if (!user) return { total: 0, records: [] };
    const { resource: _name, ...sourceQuery } = query;
    return source.list({ ...sourceQuery, locale }, user);
  }
  const page = await listRecords(app.database.db, query);
  // A need's owner reads the requests about it (scope targetOwner) as an insider, in full.
  const caller = await withOwnedTargets(app, resource, await callerOf(app, resource, user), page.rows);
  const taken = await takenByCaller(
    app,
    resource,
    caller,
    page.rows.map((row) => row.id),
  );
  const { fields } = query;
  return {
    total: page.total,
    records: page.rows.map((row) => {
      const shown = presentRecord(resource, caller, row, taken.get(row.id), 'list');
      // A list for visitors carries what its page shows, whoever reads it (issue 30 item 3).
      return fields ? { ...shown, data: visitorData(shown.data, fields) } : shown;
    }),
  };
}
