import type { WorkflowFile } from '../generated/workflow-file';
import type { WorkflowTransition } from './workflow-rules';

/** One `notify` entry of a workflow transition (workflow.schema.json definitions/notice). */
export type WorkflowNotice = NonNullable<WorkflowTransition['notify']>[number];

/**
 * The placeholders a notice fills from the transition itself rather than from the record; a record
 * field of the same name is not reachable in a message (these win), so the guide tells authors so.
 */
export const NOTICE_CONTEXT_NAMES = ['resource', 'transition', 'state', 'note'] as const;

/**
 * The module sources (resource.json `source`) whose own submit and review write their workflow's notices,
 * through the same writer as the engine (services/notifications/write-notices.ts): the applications
 * module. A notice of any other source folder would never be written, so schemas:check refuses it there.
 */
export const NOTIFYING_SOURCES: readonly string[] = ['applications'];

const PLACEHOLDER = /\{(\w+)\}/g;

/** The `{name}`s a message template names, in order, each once. */
export function noticePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/**
 * A notice's text: each `{name}` replaced by its value, a context name first, then the record's field.
 * An empty or missing value becomes the empty string: a message is read by a person, and a literal
 * "{note}" would tell them nothing.
 */
export function fillNotice(template: string, context: Readonly<Record<string, string>>, data: Readonly<Record<string, unknown>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (Object.hasOwn(context, name)) return context[name] ?? '';
    const value = data[name];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  });
}

/**
 * The states a reviewer queue is told about: where the transition leads, or (for one that stays in
 * its state) each state it is taken from.
 */
export function reachedStates(transition: WorkflowTransition): string[] {
  return transition.to === undefined ? transition.from : [transition.to];
}

/** The reviewer transitions that leave `state`: their holders are the queue a record reaching it waits in. */
export function reviewerTransitionsFrom(workflow: WorkflowFile, state: string): WorkflowTransition[] {
  return Object.values(workflow.transitions).filter(
    (transition): transition is WorkflowTransition => transition?.actor === 'reviewer' && transition.from.includes(state),
  );
}
