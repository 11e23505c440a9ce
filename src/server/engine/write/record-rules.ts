import { publicStates } from '../../../shared/resource/workflow-rules';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import { resourceDetailHref } from '../../../shared/resource/resource-links';
import { writeTransitionNotices } from '../../services/notifications/write-notices';
import { requireWithinJurisdiction } from '../records/jurisdiction';
import type { CompiledResource } from '../units/resource-registry';
import { applyOrganisationEffect, joinedOrganisation } from './organisation-effects';
import type { RecordRule } from './record-rule';
import { holdsPlace, requireTargetPlace, sameTargetValues } from './target-capacity';
import { applyTargetEffects, requireTarget } from './target-effects';
import { requireUniqueFieldsLocked } from './unique-fields-locked';
import { requireUniqueSets } from './unique-sets';

/** target: exactly one record of the target folder matches, in its window, before every write of data. */
const TARGET: RecordRule = {
  key: 'target',
  check: async (context, data) => {
    await requireTarget(context.db, context.resource, data, context.locale, context.now);
    return undefined;
  },
};

/** jurisdiction: a unit's officer writes the records of their own units only. */
const JURISDICTION: RecordRule = {
  key: 'jurisdiction',
  check: async (context, data) => {
    if (context.user) requireWithinJurisdiction(context.resource, await context.jurisdiction(), data, context.locale);
    return undefined;
  },
};

/** organisation, join: the record belongs to the settled unit it names (create, and update while it can change). */
const ORGANISATION_JOIN: RecordRule = {
  key: 'organisation',
  check: async (context, data) => ({ orgId: await joinedOrganisation(context.db, context.resource, data, context.locale) }),
  afterTransition: (context, row, from) => applyOrganisationEffect(context.tx, context.resource, row, from),
};

/** organisation, found: an approved record founds its unit. */
const ORGANISATION_FOUND: RecordRule = {
  key: 'organisation',
  afterTransition: (context, row, from) => applyOrganisationEffect(context.tx, context.resource, row, from),
};

/** owner organisation: a new record belongs to its writer's current unit too; an update keeps the unit it was created in. */
const OWNER_ORGANISATION: RecordRule = {
  key: 'owner',
  check: async (context) => {
    if (context.write === 'update') return undefined;
    const unit = await context.currentUnit();
    if (!unit) throw new AppError(400, 'noCurrentUnit');
    return { orgId: unit.id };
  },
};

/** unique: no two records share a field set; checked after the row is written, under a lock, so two at once cannot both pass. */
const UNIQUE: RecordRule = {
  key: 'unique',
  afterWrite: (context, row) => requireUniqueSets(context.tx, context.resource, row, context.locale),
};

/**
 * x-unique (record.schema.json): looked up again after the row is written, under a lock on the value, so
 * two at once cannot both pass (ADR 0052); and when a transition makes a record visible to others (a draft
 * submitted), since only then does it hold its values.
 */
const UNIQUE_FIELDS: RecordRule = {
  key: 'x-unique',
  afterWrite: (context, row) => requireUniqueFieldsLocked(context.tx, context.resource, row, context.locale),
  afterTransition: async (context, row, from) => {
    if (publicStates(context.resource.workflow).includes(from)) return;
    await requireUniqueFieldsLocked(context.tx, context.resource, row, requestLocale(context.request));
  },
};

/**
 * target.capacity: a record taking one of the target's places (created, imported, moved to another
 * target by an update, or moved into a state holding a place) finds one left, under a lock on the
 * target, so two at once cannot both take the last. An update keeping its target keeps its place.
 */
const CAPACITY: RecordRule = {
  key: 'target.capacity',
  afterWrite: async (context, row) => {
    const target = context.resource.resource.target;
    if (target && context.previous && sameTargetValues(target, row.data, context.previous)) return;
    await requireTargetPlace(context.tx, context.resource, row, context.locale);
  },
  afterTransition: async (context, row, from) => {
    const target = context.resource.resource.target;
    if (!target || holdsPlace(target, from)) return;
    await requireTargetPlace(context.tx, context.resource, row, requestLocale(context.request));
  },
};

/** target effects: reaching an effect's state makes the target take its system transition. */
const TARGET_EFFECTS: RecordRule = {
  key: 'target',
  afterTransition: (context, row) =>
    applyTargetEffects(
      context.tx,
      context.request,
      context.resource,
      row,
      context.resources.get(context.resource.resource.target?.resource ?? ''),
      context.actorId,
      context.now,
    ),
};

/**
 * notify (workflow.json): the transition's notices, one message-centre row per recipient in the
 * transition's own transaction, so a decision that rolls back tells nobody.
 */
const NOTIFY: RecordRule = {
  key: 'notify',
  afterTransition: async (context, row) => {
    const { resource } = context;
    const transition = resource.workflow.transitions[context.transition];
    if (!transition?.notify) return;
    const deliveries = await writeTransitionNotices(context.tx, {
      folder: resource.resource,
      workflow: resource.workflow,
      transitionName: context.transition,
      transition,
      record: row,
      href: resourceDetailHref(resource.name, row.id),
      actorId: context.actorId,
      note: context.note,
      now: context.now,
    });
    context.deliveries.push(...deliveries);
  },
};

/**
 * The rules a folder's record writes obey, from its resource.json, in the order they run: the checks
 * (target, jurisdiction, then where the record belongs), then unique sets and the target's places
 * after the write, and on a transition the organisation's effect, the places, then the target's effect, then the notices. Only a folder's engine records have them.
 */
export function compileRecordRules(resource: CompiledResource): readonly RecordRule[] {
  const file = resource.resource;
  if (file.source !== undefined) return [];
  const rules: RecordRule[] = [];
  if (file.target) rules.push(TARGET);
  if (file.jurisdiction) rules.push(JURISDICTION);
  if (file.organisation?.role === 'join') rules.push(ORGANISATION_JOIN);
  else if (file.organisation?.role === 'found') rules.push(ORGANISATION_FOUND);
  // A joining record's organisation is the one it names, not the writer's current one.
  if (file.owner === 'organisation' && file.organisation?.role !== 'join') rules.push(OWNER_ORGANISATION);
  if ((file.unique ?? []).length > 0) rules.push(UNIQUE);
  if (resource.uniqueFields.length > 0) rules.push(UNIQUE_FIELDS);
  if (file.target?.capacity) rules.push(CAPACITY);
  if (file.target && file.target.effects.length > 0) rules.push(TARGET_EFFECTS);
  // Last: the notices report the transition once everything it does has been done.
  if (Object.values(resource.workflow.transitions).some((transition) => transition?.notify)) rules.push(NOTIFY);
  return rules;
}

/** Each folder's list with the version it was compiled from: a studio publication keeps the object and changes the version. */
const compiled = new WeakMap<CompiledResource, { version: string; rules: readonly RecordRule[] }>();

/**
 * The folder's rule list, compiled once per version of its files. A publication (ADR 0027) assigns its
 * content onto the live CompiledResource, so the list is recompiled the first time a write sees the new
 * version and a published folder runs the rules its new files say.
 */
export function recordRulesOf(resource: CompiledResource): readonly RecordRule[] {
  const cached = compiled.get(resource);
  if (cached && cached.version === resource.version) return cached.rules;
  const rules = compileRecordRules(resource);
  compiled.set(resource, { version: resource.version, rules });
  return rules;
}
