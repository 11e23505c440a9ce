import workflowFile from '../../../schemas/workflows/application.workflow.json';
import {
  APPLICATION_WORKFLOW_STATES,
  APPLICATION_WORKFLOW_TRANSITIONS,
  type ApplicationWorkflowState,
  type ApplicationWorkflowTransition,
} from '../generated/application-workflow';
import type { WorkflowFile } from '../generated/workflow-file';
import type { Locale } from '../i18n/locale';
import { isEditableState, isPrivateState, nextState, stateTitle, transitionTitle } from '../resource/workflow-rules';

/**
 * The life of an application (ADR 0004), read from its workflow file,
 * schemas/workflows/application.workflow.json (ADR 0010): the statuses, the legal transitions, who
 * takes each, and their titles. The names are generated constants, so a renamed state breaks the
 * build instead of a branch.
 */
export const APPLICATION_WORKFLOW: WorkflowFile = workflowFile as WorkflowFile;

export const APPLICATION_STATUSES = APPLICATION_WORKFLOW_STATES;
export type ApplicationStatus = ApplicationWorkflowState;

/** A draft is the applicant's own business (a private state): reviewers see an application once it was submitted. */
export const REVIEWABLE_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(
  (status) => !isPrivateState(APPLICATION_WORKFLOW, status),
);

export const APPLICATION_ACTIONS = APPLICATION_WORKFLOW_TRANSITIONS;
export type ApplicationAction = ApplicationWorkflowTransition;

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** The status an action leads to from `status`, or undefined when the workflow does not allow it there. */
export function nextStatus(status: ApplicationStatus, action: ApplicationAction): ApplicationStatus | undefined {
  const next = nextState(APPLICATION_WORKFLOW, status, action);
  return isApplicationStatus(next) ? next : undefined;
}

/** The applicant may change the data only in the workflow's editable states (before submitting, after a return). */
export function isEditable(status: ApplicationStatus): boolean {
  return isEditableState(APPLICATION_WORKFLOW, status);
}

export function statusLabel(status: ApplicationStatus, locale: Locale): string {
  return stateTitle(APPLICATION_WORKFLOW, status, locale);
}

export function actionLabel(action: ApplicationAction, locale: Locale): string {
  return transitionTitle(APPLICATION_WORKFLOW, action, locale);
}
