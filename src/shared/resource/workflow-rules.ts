import type { WorkflowFile } from '../generated/workflow-file';
import type { Locale } from '../i18n/locale';
import { localizedEntryTitle } from '../i18n/localized-title';

export type WorkflowTransition = NonNullable<WorkflowFile['transitions'][string]>;
export type WorkflowState = NonNullable<WorkflowFile['states'][string]>;

/** The owner may change and delete a record only in an editable state. */
export function isEditableState(workflow: WorkflowFile, state: string): boolean {
  return workflow.states[state]?.editable === true;
}

/** A private state (a draft) is the owner's business only: reviewers neither list nor open it. */
export function isPrivateState(workflow: WorkflowFile, state: string): boolean {
  return workflow.states[state]?.private === true;
}

export function publicStates(workflow: WorkflowFile): string[] {
  return Object.keys(workflow.states).filter((state) => !isPrivateState(workflow, state));
}

/** The states a list shows: private states (drafts) are their owner's alone, so only a "mine" list has them. */
export function listStates(workflow: WorkflowFile, list: { scope: string; states?: string[] }): string[] {
  return list.scope === 'mine'
    ? (list.states ?? Object.keys(workflow.states))
    : (list.states ?? publicStates(workflow)).filter((state) => !isPrivateState(workflow, state));
}

export function findTransition(workflow: WorkflowFile, name: string): WorkflowTransition | undefined {
  return Object.hasOwn(workflow.transitions, name) ? workflow.transitions[name] : undefined;
}

/** The state `name` leads to from `state`, or undefined when the workflow does not allow it there. */
export function nextState(workflow: WorkflowFile, state: string, name: string): string | undefined {
  const transition = findTransition(workflow, name);
  return transition && transition.from.includes(state) ? (transition.to ?? state) : undefined;
}

/** Who is asking, as far as the workflow cares. */
export interface WorkflowActor {
  isOwner: boolean;
  /** Whether the caller administers the record's organisation. */
  isOrgAdmin: boolean;
  /** Whether the record is addressed to the caller (resource.json addressees). */
  isAddressee: boolean;
  /** Whether the caller holds `<permission>.<action>` (spec §6). */
  can: (action: string) => boolean;
}

/**
 * Whether this actor may take the transition on a record in `state`: the owner takes owner
 * transitions on their own record; a reviewer holding the action takes reviewer transitions on
 * someone else's record; an administrator of the record's organisation takes orgAdmin transitions
 * on a member's record (and holds the action too when the transition names one); a user the record
 * is addressed to takes addressee transitions. Nobody reviews their own record (SECURITY R18).
 */
export function mayTake(workflow: WorkflowFile, name: string, state: string, actor: WorkflowActor): boolean {
  const transition = findTransition(workflow, name);
  if (!transition || !transition.from.includes(state)) return false;
  // Taken by another record's effect (resource.json target), never by a person.
  if (transition.actor === 'system') return false;
  if (transition.actor === 'owner') return actor.isOwner;
  if (actor.isOwner) return false;
  if (transition.actor === 'orgAdmin') return actor.isOrgAdmin && (transition.permission === undefined || actor.can(transition.permission));
  if (transition.actor === 'addressee') return actor.isAddressee;
  return transition.permission !== undefined && actor.can(transition.permission);
}

/** Whether any transition of the workflow is an organisation administrator's. */
export function hasOrgAdminTransitions(workflow: WorkflowFile): boolean {
  return Object.values(workflow.transitions).some((transition) => transition?.actor === 'orgAdmin');
}

/** The transitions this actor may take now, in the file's order. */
export function availableTransitions(workflow: WorkflowFile, state: string, actor: WorkflowActor): string[] {
  return Object.keys(workflow.transitions).filter((name) => mayTake(workflow, name, state, actor));
}

export function stateTitle(workflow: WorkflowFile, state: string, locale: Locale): string {
  const entry = workflow.states[state];
  if (!entry) return state;
  return localizedEntryTitle(entry, locale);
}

export function transitionTitle(workflow: WorkflowFile, name: string, locale: Locale): string {
  const entry = findTransition(workflow, name);
  if (!entry) return name;
  return localizedEntryTitle(entry, locale);
}

/** An addressee's transition that leaves the record in its state (a guest's accept): each user takes it once. */
export function isOncePerUser(transition: WorkflowTransition): boolean {
  return transition.actor === 'addressee' && (transition.to === undefined || transition.from.includes(transition.to));
}

/** The workflow's once-per-user transitions, whose takers the engine looks up. */
export function oncePerUserTransitions(workflow: WorkflowFile): string[] {
  return Object.entries(workflow.transitions).flatMap(([name, transition]) => (transition && isOncePerUser(transition) ? [name] : []));
}
