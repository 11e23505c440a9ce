import { createForm, onFieldInputValueChange, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Alert, Card, Space, Steps, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { windowState } from '../../shared/activity/activity-window';
import { statusLabel } from '../../shared/activity/application-status';
import type { ActivityDetail, ApplicationView } from '../../shared/generated';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { firstSave, queryApplication, saveStep, submitApplication, termNameExists } from '../activities/activity-api';
import { localizedActivity, localizedStepTitle } from '../activities/localized-activity';
import { ApiError } from '../api/api-error';
import { notifyError, toastSuccess } from '../api/notifier';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { SchemaErrorBoundary } from './schema-error-boundary';
import { createDebouncer } from './step-autosave';
import { stepItemStatus, tagWithStep } from './step-bar-state';
import { StepConflictModal } from './step-conflict-modal';
import { useStepErrorState } from './step-error-state';
import { StepFields } from './step-fields';
import { StepFormAlerts } from './step-form-alerts';
import { StepLeaveGuard } from './step-leave-guard';
import { localDraftKey, removeLocalDraft, writeLocalDraft } from './step-local-draft';
import { findLocalOffer } from './step-local-offer';
import { classifyRefusal } from './step-refusal';
import { StepSaveIndicator } from './step-save-indicator';
import { StepSaver, type SaveOutcome } from './step-saver';
import { plainCopy, storedStepValues } from './step-stored-values';
import { StepSubmitResult } from './step-submit-result';
import { StepToolbar } from './step-toolbar';
import type { UniqueCheck } from './step-unique-check';
import { validateValues } from './validate-values';

export interface StepFormProps {
  activity: ActivityDetail;
  /** The caller's application as the server has it; null before the first save. */
  application: ApplicationView | null;
  /** The step to open first (see initialStepIndex). */
  initialIndex: number;
  /** Server time: the application window is judged by it, not by this computer's clock. */
  now: () => Date;
}

interface StepInfo {
  key: string;
  title: string;
  schema: JsonSchema;
}

type Persist = (explicit: boolean, alsoStep?: string) => Promise<SaveOutcome>;

/**
 * A multi-step application on the schema engine (ADR 0004): one Formily form holds
 * `{[stepKey]: stepValues}` and renders the current step's schema; antd's Steps is the step bar.
 *
 * - 下一步 validates the current step's fields only, then moves on and saves; 上一步 and the step
 *   bar move without validating; 保存草稿 saves now; every change is autosaved about 3 s later and
 *   on each step change, with the step as `currentStep`, so a reload or a new login resumes there.
 * - Each save is based on the version the last one returned (StepSaver); a save refused with 409
 *   versionConflict stops saving and asks to reload the server copy; one refused with 409
 *   notEditable (submitted elsewhere) reloads it at once and says so. Unsaved values wait in
 *   localStorage until the server has them and are offered after a reload (SECURITY.md R38).
 * - Submit judges every step with validateValues (hidden steps too). A refusal, the client's or
 *   the server's, marks the failing steps red, opens the first of them and shows the result page
 *   listing every error; the errors are put on their fields when their step is shown. A 403
 *   notQualified (at the first save or at submit) shows the result page's account problem; a 403
 *   windowClosed / windowNotOpen shows the server's words and disables submit.
 * - A submitted, approved or rejected application is read-only; a returned one is editable again.
 *   Outside the window (server time) submit is disabled.
 */
export function StepForm({ activity, application: loaded, initialIndex, now }: StepFormProps) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const steps = useMemo<StepInfo[]>(
    () => activity.steps.map((step) => ({ key: step.key, title: localizedStepTitle(step, locale), schema: step.schema as JsonSchema })),
    [activity, locale],
  );
  const stepKeys = useMemo(() => steps.map((step) => step.key), [steps]);

  const [index, setIndex] = useState(Math.max(0, Math.min(initialIndex, steps.length - 1)));
  const indexRef = useRef(index);
  indexRef.current = index;
  const moveTo = (target: number): void => {
    indexRef.current = target;
    setIndex(target);
  };
  const formRef = useRef<Form>();
  const onInputRef = useRef<(step: string) => void>(() => undefined);

  const saver = useMemo(
    () =>
      new StepSaver(
        {
          activityId: activity.id,
          readStep: (step) => storedStepValues(formRef.current, step),
          currentStep: () => stepKeys[indexRef.current] ?? '',
          firstSave,
          saveStep,
        },
        loaded,
      ),
    // One saver for the page's life: it holds the version every save is based on.
    [],
  );
  const saverState = useSyncExternalStore(saver.subscribe, saver.getState);
  const application = saverState.application;
  const editable = application ? application.editable : true;

  // A new form for each copy of the server's data (the first load, a reload after a conflict).
  const [generation, setGeneration] = useState(0);
  const form = useMemo(
    () =>
      createForm({
        initialValues: plainCopy(saver.getState().application?.data ?? {}) as Record<string, unknown>,
        // Read-only from the first render: a submitted application never flashes as editable.
        pattern: (saver.getState().application?.editable ?? true) ? 'editable' : 'readPretty',
        effects: () => {
          // Only the applicant's own input counts as a change; values a reload puts in do not.
          onFieldInputValueChange('*', (field) => {
            const step = field.path.segments[0];
            if (typeof step === 'string') onInputRef.current(step);
          });
        },
      }),
    [generation],
  );
  formRef.current = form;

  useEffect(() => {
    form.setPattern(editable ? 'editable' : 'readPretty');
  }, [form, editable]);

  // ---- local copy of unsaved values
  const currentDraftKey = (): string => localDraftKey(activity.id, saver.getState().application?.id);
  const writeLocal = (): void => {
    writeLocalDraft(currentDraftKey(), {
      values: plainCopy(form.values) as Record<string, unknown>,
      dirtySteps: saver.dirtySteps(),
      basedOnVersion: saver.getState().application?.version ?? null,
      savedAt: new Date().toISOString(),
    });
  };
  const [offer, setOffer] = useState(() => findLocalOffer(activity.id, loaded));

  // ---- errors per step and the result page
  const { stepErrors, result, setResult, showErrors, clearStepErrors, clearAll, placeErrors } = useStepErrorState(form, stepKeys, moveTo);
  const [submitting, setSubmitting] = useState(false);
  // The server refused the submit as outside the window: its clock rules, so no further submit.
  const [windowRefusal, setWindowRefusal] = useState<string>();
  // Said once after the server copy replaced this page's (submitted elsewhere).
  const [notice, setNotice] = useState<string>();

  // ---- saving
  const persistRef = useRef<Persist>(async () => ({ kind: 'idle' }));
  const autosave = useMemo(() => createDebouncer(() => persistRef.current(false).then(() => undefined)), []);
  useEffect(
    () => () => {
      // Leaving with a save pending: send it rather than drop it.
      if (autosave.pending()) void autosave.flush();
    },
    [autosave],
  );

  // ---- reloading the server copy: after a conflict (asked) or a submit elsewhere (at once)
  const [reloading, setReloading] = useState(false);
  const reloadingRef = useRef(false);
  const reload = async (why: 'conflict' | 'notEditable'): Promise<void> => {
    // Several queued saves can be refused in a row; one reload answers them all.
    if (reloadingRef.current) return;
    reloadingRef.current = true;
    setReloading(true);
    try {
      autosave.cancel();
      const fresh = await queryApplication(activity.id);
      saver.reset(fresh);
      setGeneration((n) => n + 1);
      setOffer(findLocalOffer(activity.id, fresh));
      setResult(undefined);
      setNotice(why === 'notEditable' ? texts.submittedElsewhere : undefined);
    } catch {
      // The HTTP client has said why; the conflict modal stays so the applicant can try again.
    } finally {
      reloadingRef.current = false;
      setReloading(false);
    }
  };

  const afterSave = (outcome: SaveOutcome, explicit: boolean): void => {
    switch (outcome.kind) {
      case 'saved':
      case 'idle':
        if (!saver.getState().dirty) {
          removeLocalDraft(currentDraftKey());
          removeLocalDraft(localDraftKey(activity.id, null));
        } else writeLocal();
        if (explicit) toastSuccess(texts.draftSaved);
        return;
      case 'conflict':
        return; // The conflict modal follows the saver's state.
      case 'notEditable':
        void reload('notEditable');
        return;
      case 'invalid':
        showErrors(outcome.errors, false);
        return;
      case 'notQualified':
        setResult({ kind: 'failed', errors: [], account: 'notQualified' });
        return;
      case 'failed':
        // Autosave retries with the next change; an explicit save says why it did not happen.
        if (explicit) notifyError(outcome.error instanceof ApiError ? outcome.error.message : texts.requestFailed);
        return;
    }
  };

  const persist: Persist = async (explicit, alsoStep) => {
    const outcome = await saver.save(alsoStep);
    afterSave(outcome, explicit);
    return outcome;
  };
  persistRef.current = persist;

  onInputRef.current = (step: string): void => {
    if (!editable) return;
    saver.markDirty(step);
    writeLocal();
    const { conflict, notEditable } = saver.getState();
    if (!conflict && !notEditable) autosave.schedule();
  };

  // ---- moving between steps
  const goTo = async (target: number, validate: boolean): Promise<void> => {
    const leaving = stepKeys[indexRef.current];
    if (target < 0 || target >= steps.length || !leaving) return;
    if (validate && editable) {
      try {
        await form.validate(`${leaving}.*`);
      } catch {
        return; // Formily has put every message on its field.
      }
      clearStepErrors(leaving);
    }
    moveTo(target);
    setResult(undefined);
    window.scrollTo({ top: 0 });
    if (editable) {
      autosave.cancel();
      // Saves the step left behind (and any other change) with the new currentStep.
      void persist(false, leaving);
    }
  };

  const restoreOffer = (): void => {
    if (!offer) return;
    for (const step of offer.draft.dirtySteps) {
      if (!stepKeys.includes(step)) continue;
      form.setValuesIn(step, offer.draft.values[step] ?? {});
      saver.markDirty(step);
    }
    setOffer(undefined);
    void autosave.flush();
  };

  const discardOffer = (): void => {
    if (offer) removeLocalDraft(offer.key);
    setOffer(undefined);
  };

  // ---- submit
  const window_ = windowState(activity.window, now());
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
      case 'notQualified':
        setResult({ kind: 'failed', errors: [], account: 'notQualified' });
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
      const saved = await persist(false, application ? undefined : stepKeys[indexRef.current]);
      if (saved.kind !== 'saved' && saved.kind !== 'idle') return;
      // The client's verdict on every step, hidden ones included, before anything is sent.
      const verdict = steps.flatMap((step) => tagWithStep(step.key, validateValues(step.schema, storedStepValues(form, step.key), locale)));
      if (verdict.length > 0) {
        showErrors(verdict, true);
        return;
      }
      const base = saver.getState().application;
      if (!base) return;
      const view = await submitApplication({ activityId: activity.id, version: base.version });
      saver.adopt(view);
      removeLocalDraft(currentDraftKey());
      clearAll();
      setResult({ kind: 'succeeded', status: view.status });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      onSubmitRefused(error);
    } finally {
      setSubmitting(false);
    }
  };

  // ---- rendering
  const current = steps[index];
  const uniqueCheck = useMemo<UniqueCheck | undefined>(() => {
    const step = current?.key;
    if (!step || !editable) return undefined;
    return (field, value) => termNameExists({ activityId: activity.id, step, field, value });
  }, [activity.id, current?.key, editable]);
  const onStepReady = useCallback(() => placeErrors(stepKeys[indexRef.current] ?? ''), [placeErrors, stepKeys]);

  const flushForLeave = useCallback(async (): Promise<boolean> => {
    autosave.cancel();
    const outcome = await persistRef.current(false);
    return (outcome.kind === 'saved' || outcome.kind === 'idle') && !saver.getState().dirty;
  }, [autosave, saver]);

  const lastSaved = saverState.lastSavedAt ?? (application ? new Date(application.updatedAt) : null);
  const status = application?.status;

  return (
    <Card
      className="kc-step-form"
      title={localizedActivity(activity, locale).title}
      extra={
        <Space>
          {editable && <StepSaveIndicator saving={saverState.saving} dirty={saverState.dirty} lastSaved={lastSaved} texts={texts} />}
          {status && <Tag className="kc-application-status">{statusLabel(status, locale)}</Tag>}
        </Space>
      }
    >
      <Steps
        className="kc-step-bar"
        current={index}
        size="small"
        style={{ marginBottom: 24 }}
        onChange={(target) => void goTo(target, false)}
        items={steps.map((step, i) => ({
          title: step.title,
          status: stepItemStatus(i, index, stepErrors.has(step.key), i !== index && validateValues(step.schema, storedStepValues(form, step.key), locale).length === 0),
          description: stepErrors.has(step.key) ? texts.stepHasErrors : undefined,
        }))}
      />
      <StepFormAlerts
        status={status}
        editable={editable}
        activityWindow={activity.window}
        windowState={window_}
        offer={offer}
        onRestoreOffer={restoreOffer}
        onDiscardOffer={discardOffer}
        notice={notice}
        locale={locale}
      />

      {result ? (
        <StepSubmitResult result={result} steps={steps} locale={locale} onBack={result.kind === 'failed' ? () => setResult(undefined) : undefined} />
      ) : (
        current && (
          <FormProvider form={form}>
            <SchemaErrorBoundary title={texts.formLoadFailed}>
              <StepFields
                key={`${generation}:${current.key}`}
                activityId={activity.id}
                stepKey={current.key}
                schema={current.schema}
                locale={locale}
                uniqueCheck={uniqueCheck}
                onReady={onStepReady}
              />
            </SchemaErrorBoundary>
            {/* Next to the button it disables, where the applicant is looking. */}
            {editable && windowRefusal && <Alert type="error" showIcon className="kc-submit-refused" style={{ marginTop: 24 }} message={windowRefusal} />}
            <StepToolbar
              isFirst={index === 0}
              isLast={index === steps.length - 1}
              editable={editable}
              saving={saverState.saving}
              submitting={submitting}
              paused={saverState.conflict}
              submitDisabled={window_ !== 'open' || windowRefusal !== undefined}
              onPrev={() => void goTo(index - 1, false)}
              onSaveDraft={() => {
                autosave.cancel();
                void persist(true, current.key);
              }}
              onNext={() => void goTo(index + 1, true)}
              onSubmit={() => void submit()}
              texts={texts}
            />
          </FormProvider>
        )
      )}

      <StepConflictModal open={saverState.conflict} reloading={reloading} onReload={() => void reload('conflict')} texts={texts} />
      <StepLeaveGuard dirty={editable && saverState.dirty} saving={editable && saverState.saving} flush={flushForLeave} texts={texts} />
    </Card>
  );
}
