import type { FastifyInstance } from 'fastify';
import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import type { Workbench } from '../../../shared/generated/workbench';
import type { WorkflowFile } from '../../../shared/generated/workflow-file';
import type { Locale } from '../../../shared/i18n/locale';
import { localizedEntryTitle } from '../../../shared/i18n/localized-title';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { fillRowHref, resourceDetailHref, resourceListHref } from '../../../shared/resource/resource-links';
import { isPrivateState, stateTitle } from '../../../shared/resource/workflow-rules';
import type { AuthUser } from '../../lib/auth-user';
import { adminUnitIds } from '../../services/users/user-units';
import type { CompiledResource } from '../units/resource-registry';
import { listQueryOf, readListPage, shownStates } from './list-page';
import type { ListSource, ListSources } from './list-source';

type Queue = Workbench['staff'][number];

/** One queue before it is counted: the list that shows the waiting records and the state they wait in. */
export interface QueuePlace {
  resource: CompiledResource;
  listName: string;
  list: ResourceListFile;
  state: string;
}

function waitingStates(workflow: WorkflowFile, waitsFor: 'staff' | 'owner'): string[] {
  return Object.entries(workflow.states).flatMap(([state, entry]) => (entry?.waitsFor === waitsFor ? [state] : []));
}

/** Whether the list page offers the status filter: only then does its address (?status=) show the queue's records alone. */
function filtersByStatus(list: ResourceListFile): boolean {
  return (list.filters ?? []).some((filter) => filter.field === 'status');
}

/**
 * The first list of the folder that shows `state`, filters by status and passes `fits`; a list with a
 * menu entry is preferred, as staff know it.
 */
function listShowing(
  resource: CompiledResource,
  state: string,
  fits: (list: ResourceListFile) => boolean,
): [string, ResourceListFile] | undefined {
  const candidates = Object.entries(resource.lists).filter(
    ([, list]) => fits(list) && filtersByStatus(list) && shownStates(resource, list).includes(state),
  );
  return candidates.find(([, list]) => list.menu !== undefined || list.accountMenu !== undefined) ?? candidates[0];
}

/**
 * The staff queues of one user, from the workflows alone (no query): each state marked waitsFor
 * staff that a transition the user may take leaves — a reviewer's, when they hold
 * `<permission>.<action>`; an organisation administrator's, when they administer a unit — placed on
 * the folder's list they would work it from (the staff list, scope all, for a reviewer, which needs
 * `<permission>.query`; the administered list for an administrator). A state only the owner sees
 * (private) is nobody else's work.
 */
export function staffQueuePlaces(resources: readonly CompiledResource[], user: AuthUser, administersUnits: boolean): QueuePlace[] {
  const places: QueuePlace[] = [];
  for (const resource of resources) {
    const { workflow } = resource;
    const permission = resource.resource.permission;
    const may = (action: string): boolean => hasPermission(user.permissions, `${permission}.${action}`);
    for (const state of waitingStates(workflow, 'staff')) {
      if (isPrivateState(workflow, state)) continue;
      const leaving = Object.values(workflow.transitions).filter((transition) => transition?.from.includes(state));
      const asReviewer = leaving.some(
        (transition) => transition?.actor === 'reviewer' && transition.permission !== undefined && may(transition.permission),
      );
      const asOrgAdmin =
        administersUnits &&
        leaving.some(
          (transition) => transition?.actor === 'orgAdmin' && (transition.permission === undefined || may(transition.permission)),
        );
      // Both, for someone who reviews and administers a unit: two lists, two scopes, two queues.
      const staffList =
        asReviewer && may('query')
          ? listShowing(resource, state, (list) => list.scope === 'all' && list.audience === undefined)
          : undefined;
      const unitList = asOrgAdmin ? listShowing(resource, state, (list) => list.scope === 'administered') : undefined;
      for (const entry of [staffList, unitList]) {
        if (entry) places.push({ resource, listName: entry[0], list: entry[1], state });
      }
    }
  }
  return places;
}

/** The caller's own waiting records' places: each state marked waitsFor owner, on the folder's "mine" list. */
export function ownQueuePlaces(resources: readonly CompiledResource[]): QueuePlace[] {
  return resources.flatMap((resource) =>
    waitingStates(resource.workflow, 'owner').flatMap((state) => {
      const entry = listShowing(resource, state, (list) => list.scope === 'mine');
      return entry ? [{ resource, listName: entry[0], list: entry[1], state }] : [];
    }),
  );
}

/** The list request of a queue: the list's own, filtered by the state, one row — the oldest first where the list can say so. */
function queueBody(state: string, oldestFirst: boolean): Record<string, unknown> {
  return { status: state, pageNo: 1, pageSize: 1, sortField: 'updatedAt', sortOrder: oldestFirst ? 'ascend' : 'descend' };
}

/**
 * Counts one queue with the list's own query (listQueryOf: scope, units, jurisdiction, fixed
 * conditions) and page reader, so that the count is the list's total for this state and nothing the
 * user may not read is counted. The records table sorts as asked, so one row is the oldest; a
 * source (the applications table) keeps its own order, newest first, so its oldest is its last page.
 */
async function countQueue(
  app: FastifyInstance,
  place: QueuePlace,
  source: ListSource | undefined,
  user: AuthUser,
  locale: Locale,
): Promise<Queue> {
  const { resource, listName, list, state } = place;
  const base: Queue = {
    resource: resource.name,
    list: listName,
    state,
    title: localizedEntryTitle(list, locale),
    stateTitle: stateTitle(resource.workflow, state, locale),
    count: 0,
    href: `${resourceListHref(resource.name, listName)}?status=${encodeURIComponent(state)}`,
  };
  const query = await listQueryOf(app, resource, list, user, queueBody(state, !source));
  if (!query) return base;
  let page = await readListPage(app, resource, source, query, user, locale);
  if (source && page.total > 1) page = await readListPage(app, resource, source, { ...query, pageNo: page.total }, user, locale);
  const oldest = page.records[0];
  if (!oldest) return { ...base, count: page.total };
  const detail = list.links?.['detail']?.href;
  const oldestHref = detail
    ? fillRowHref(detail, oldest)
    : source && !source.detail
      ? undefined
      : resourceDetailHref(resource.name, oldest.id);
  return { ...base, count: page.total, oldestAt: oldest.updatedAt, oldestId: oldest.id, ...(oldestHref ? { oldestHref } : {}) };
}

/**
 * GET /api/workbench: the caller's staff queues (counted even when empty: they are the caller's work)
 * and their own records waiting for them (only where there are any).
 */
export async function workbenchOf(app: FastifyInstance, sources: ListSources, user: AuthUser, locale: Locale): Promise<Workbench> {
  const resources = app.resources.list();
  const administersUnits = (await adminUnitIds(app.database.db, user.id)).size > 0;
  const count = (place: QueuePlace): Promise<Queue> => {
    const sourceName = place.resource.resource.source;
    return countQueue(app, place, sourceName === undefined ? undefined : sources.get(sourceName), user, locale);
  };
  const staff: Queue[] = [];
  for (const place of staffQueuePlaces(resources, user, administersUnits)) staff.push(await count(place));
  const own: Queue[] = [];
  for (const place of ownQueuePlaces(resources)) {
    const queue = await count(place);
    if (queue.count > 0) own.push(queue);
  }
  return { hasQueues: staff.length > 0, staff, own };
}
