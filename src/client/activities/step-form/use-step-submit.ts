import { useState, type MutableRefObject } from 'react';
import { windowState } from '../../../shared/activity/activity-window';
import type { ActivityDetail } from '../../../shared/generated';
import type { Locale } from '../../../shared/i18n/locale';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { submitApplication } from '../activity-api';
import { ApiError } from '../../api/api-error';
import { notifyError } from '../../api/notifier';
import { tagWithStep } from './step-bar-state';
import type { StepErrorState } from './step-error-state';
import { removeLocalDraft } from './step-local-draft';
import { classifyRefusal } from './step-refusal';
import { storedStepValues } from './step-stored-values';
import type { StepSaving } from './use-step-saving';
import { validateValues } from '../../engine/validate-values';

export interface StepSubmitOptions {
  activity: ActivityDetail;
  steps: readonly { key: string; schema: JsonSchema }[];
  /** The step on screen: a server error without a step belongs to it. */
  indexRef: MutableRefObject<number>;
  /** Server time: the application window is judged by it, not by this computer's clock. */
  now: () => Date;
  locale: Locale;
  saving: StepSaving;
  errors: Pick<StepErrorState, 'showErrors' | 'setResult' | 'clearAll'>;
}

export interface StepSubmit {
  submitting: boolean;
  /** The server refused the submit as outside the window: its clock rules, so no further submit. */
  windowRefusal: string | undefined;
  submit: () => Promise<void>;
}

/**
 * Submit judges every step with validateValues (hidden steps too), then saves: a refusal shows at
 * once and the save goes on behind it; a pass is saved before it is sent. A refusal, the
 * client's or the server's, marks the failing steps red and shows the result page listing every
 * error. A 403 notQualified shows the result page's account problem; a 403 windowClosed /
 * windowNotOpen keeps the server's words and disables submit; a 409 asks for (conflict) or makes
 * (notEditable) a reload.
 */
export function useStepSubmit({ activity, steps, indexRef, now, locale, saving, errors }: StepSubmitOptions): StepSubmit {
  const [submitting, setSubmitting] = useState(false);
  const [windowRefusal, setWindowRefusal] = useState<string>();
  const { saver, autosave, persist, reload, application, editable, form } = saving;
  const { showErrors, setResult, clearAll } = errors;
  const stepKeys = steps.map((step) => step.key);

  const onSubmitRefused = (error: ApiError): void => {
    const refusal = classifyRefusal(error);
    switch (refusal.kind) {
      case 'invalid': {
        const current = stepKeys[indexRef.current] ?? '';
        showErrors(
          refusal.errors.map((fieldError) => {
            const step = (fieldError as { step?: unknown }).step;
            return { ...fieldError, step: typeof step === 'string' ? step : current };
          }),
          true,
        );
        return;
      }
      case 'account':
        setResult({ kind: 'failed', errors: [], account: refusal.problem });
        return;
      case 'outsideWindow':
        setWindowRefusal(refusal.message);
        return;
      case 'conflict':
        saver.markConflict();
        return;
      case 'notEditable':
        void reload('notEditable');
        return;
      case 'other':
        notifyError(refusal.message);
        return;
    }
  };

  const submit = async (): Promise<void> => {
    if (!editable || windowRefusal !== undefined || windowState(activity.window, now()) !== 'open') return;
    setSubmitting(true);
    try {
      autosave.cancel();
      const saveNow = (): ReturnType<typeof persist> => persist(false, application ? undefined : stepKeys[indexRef.current]);
      // The client's verdict on every step, hidden ones included, before anything is sent. A
      // refusal is shown at once; the values are saved meanwhile, as autosave would have.
      const verdict = steps.flatMap((step) => tagWithStep(step.key, validateValues(step.schema, storedStepValues(form, step.key), locale)));
      if (verdict.length > 0) {
        showErrors(verdict, true);
        void saveNow();
        return;
      }
      const saved = await saveNow();
      if (saved.kind !== 'saved' && saved.kind !== 'idle') return;
      const base = saver.getState().application;
      if (!base) return;
      const view = await submitApplication({ activityId: activity.id, version: base.version });
      saver.adopt(view);
      removeLocalDraft(saving.currentDraftKey());
      clearAll();
      setResult({ kind: 'succeeded', status: view.status });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      onSubmitRefused(error);
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, windowRefusal, submit };
}
