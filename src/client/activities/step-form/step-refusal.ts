import type { FieldError } from '../../../shared/schema/field-error';
import type { ApiError } from '../../api/api-error';

/** What the step form does about a save or submit the server refused (ADR 0004's refusals). */
export type StepRefusal =
  /** 403 notQualified or accountFrozen (first save, save or submit): the result page's 您的账号还未具备申报资格 / 立即升级 or 您的账号已被冻结 / 立即解冻. */
  | { kind: 'account'; problem: 'notQualified' | 'frozen' }
  /** 403 windowClosed / windowNotOpen at submit: the server's clock decides; submit is disabled. */
  | { kind: 'outsideWindow'; reason: 'windowClosed' | 'windowNotOpen'; message: string }
  /** 409 notEditable: submitted in another window or on another device; the server copy is reloaded. */
  | { kind: 'notEditable'; message: string }
  /** 409 versionConflict: another window saved first; the applicant is asked to reload. */
  | { kind: 'conflict' }
  /** 400 with field errors: they belong on their fields (and steps). */
  | { kind: 'invalid'; errors: FieldError[] }
  /** Anything else: the server's message is shown as it is. */
  | { kind: 'other'; message: string };

/**
 * Sorts a refusal by the server's `reason` (the same in every locale), never by its wording. A 409
 * without a reason still stops saving: whatever moved on, this page's copy is stale.
 */
export function classifyRefusal(error: ApiError): StepRefusal {
  const { status, reason, message } = error;
  if (status === 403 && reason === 'notQualified') return { kind: 'account', problem: 'notQualified' };
  if (status === 403 && reason === 'accountFrozen') return { kind: 'account', problem: 'frozen' };
  if (status === 403 && (reason === 'windowClosed' || reason === 'windowNotOpen')) return { kind: 'outsideWindow', reason, message };
  if (status === 409) return reason === 'notEditable' ? { kind: 'notEditable', message } : { kind: 'conflict' };
  if (status === 400 && error.fieldErrors.length > 0) return { kind: 'invalid', errors: error.fieldErrors };
  return { kind: 'other', message };
}
