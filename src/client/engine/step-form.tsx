import { createForm, onFieldInputValueChange, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Alert, Button, Card, Modal, Space, Steps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { windowState } from '../../shared/activity/activity-window';
import { statusLabel } from '../../shared/activity/application-status';
import type { ActivityDetail, ApplicationView } from '../../shared/generated';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { pruneEmpty } from '../../shared/schema/prune-empty';
import { localizedActivity, localizedStepTitle } from '../activities/localized-activity';
import { firstSave, queryApplication, saveStep, submitApplication, termNameExists } from '../activities/activity-api';
import { ApiError } from '../api/api-error';
import { notifyError, toastSuccess } from '../api/notifier';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { applyServerErrors } from './apply-server-errors';
import { cleanFormValues } from './clean-form-values';
import { deepEqual } from './schema-checks';
import { SchemaErrorBoundary } from './schema-error-boundary';
import { firstFailingStepIndex, formPathOf, groupErrorsByStep, stepItemStatus, tagWithStep, type StepError } from './step-bar-state';
import { createDebouncer } from './step-autosave';
import { StepFields } from './step-fields';
import { StepLeaveGuard } from './step-leave-guard';
import { localDraftKey, readLocalDraft, removeLocalDraft, writeLocalDraft, type LocalDraft } from './step-local-draft';
import { StepSaver, type SaveOutcome } from './step-saver';
import { StepSubmitResult, type SubmitResult } from './step-submit-result';
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

/** A plain copy of the form's (observable) values. */
function plain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** A step's values as the server stores them: ArrayTable's keys out, empty values out. */
function storedStepValues(form: Form | undefined, step: string): Record<string, unknown> {
  const values = form ? plain(form.getValuesIn(step)) : undefined;
  const cleaned = pruneEmpty(cleanFormValues(values ?? {}));
  return typeof cleaned === 'object' && cleaned !== null && !Array.isArray(cleaned) ? (cleaned as Record<string, unknown>) : {};
}

/** The local draft to offer: one that holds changes the server copy does not have. */
function findLocalOffer(activityId: string, application: ApplicationView | null): { key: string; draft: LocalDraft } | undefined {
  const keys = [localDraftKey(activityId, application?.id), ...(application ? [localDraftKey(activityId, null)] : [])];
  for (const key of keys) {
    const draft = readLocalDraft(key);
    if (!draft) continue;
    const differs = draft.dirtySteps.some((step) => !deepEqual(pruneEmpty(cleanFormValues(draft.values[step] ?? {})), application?.data[step] ?? {}));
    if (differs) return { key, draft };
    // Nothing the server lacks: the copy has done its job.
    removeLocalDraft(key);
  }
  return undefined;
}

/**
 * A multi-step application on the schema engine (ADR 0004): one Formily form holds
 * `{[stepKey]: stepValues}` and renders the current step's schema; antd's Steps is the step bar.
 *
 * - 下一步 validates the current step's fields only, then moves on and saves; 上一步 and the step
 *   bar move without validating; 保存草稿 saves now; every change is autosaved about 3 s later and
 *   on each step change, with the step as `currentStep`, so a reload or a new login resumes there.
 * - Each save is based on the version the last one returned (StepSaver); a save refused with 409
 *   stops saving and asks to reload the server copy. Unsaved values wait in localStorage until
 *   the server has them and are offered after a reload (SECURITY.md R38).
 * - Submit judges every step with validateValues (hidden steps too). A refusal, the client's or
 *   the server's, marks the failing steps red, opens the first of them and shows the result page
 *   listing every error; the errors are put on their fields when their step is shown.
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
        initialValues: plain(saver.getState().application?.data ?? {}) as Record<string, unknown>,
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
      values: plain(form.values) as Record<string, unknown>,
      dirtySteps: saver.dirtySteps(),
      basedOnVersion: saver.getState().application?.version ?? null,
      savedAt: new Date().toISOString(),
    });
  };
  const [offer, setOffer] = useState(() => findLocalOffer(activity.id, loaded));

  // ---- errors per step, and the steps whose errors still have to be put on their fields
  const [stepErrors, setStepErrors] = useState<Map<string, StepError[]>>(() => new Map());
  const stepErrorsRef = useRef(stepErrors);
  stepErrorsRef.current = stepErrors;
  const unplaced = useRef(new Set<string>());
  const [result, setResult] = useState<SubmitResult>();
  const [submitting, setSubmitting] = useState(false);

  const placeErrors = useCallback(
    (step: string): void => {
      if (!unplaced.current.has(step)) return;
      unplaced.current.delete(step);
      const errors = stepErrorsRef.current.get(step) ?? [];
      applyServerErrors(form, errors.map((error) => ({ ...error, path: formPathOf(error) })));
    },
    [form],
  );

  const showErrors = (unordered: StepError[], asResult: boolean): void => {
    // Listed in the order of the steps (the server's order is its own); unknown steps last.
    const rank = (error: StepError): number => {
      const position = stepKeys.indexOf(error.step);
      return position === -1 ? stepKeys.length : position;
    };
    const errors = [...unordered].sort((a, b) => rank(a) - rank(b));
    const grouped = groupErrorsByStep(errors, stepKeys);
    stepErrorsRef.current = grouped;
    setStepErrors(grouped);
    unplaced.current = new Set(grouped.keys());
    const first = firstFailingStepIndex(errors, stepKeys);
    if (first !== -1) {
      indexRef.current = first;
      setIndex(first);
    }
    if (asResult) setResult({ kind: 'failed', errors });
    // The step already on screen gets its errors now; the others when they are shown.
    else if (first !== -1) placeErrors(stepKeys[first] ?? '');
  };

  const clearStepErrors = (step: string): void => {
    if (!stepErrorsRef.current.has(step)) return;
    const next = new Map(stepErrorsRef.current);
    next.delete(step);
    stepErrorsRef.current = next;
    setStepErrors(next);
  };

  // ---- saving
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

  const persist = async (explicit: boolean, alsoStep?: string): Promise<SaveOutcome> => {
    const outcome = await saver.save(alsoStep);
    afterSave(outcome, explicit);
    return outcome;
  };
  const persistRef = useRef(persist);
  persistRef.current = persist;

  const autosave = useMemo(() => createDebouncer(() => persistRef.current(false).then(() => undefined)), []);
  useEffect(
    () => () => {
      // Leaving with a save pending: send it rather than drop it.
      if (autosave.pending()) void autosave.flush();
    },
    [autosave],
  );

  onInputRef.current = (step: string): void => {
    if (!editable) return;
    saver.markDirty(step);
    writeLocal();
    if (!saver.getState().conflict) autosave.schedule();
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
    indexRef.current = target;
    setIndex(target);
    setResult(undefined);
    window.scrollTo({ top: 0 });
    if (editable) {
      autosave.cancel();
      // Saves the step left behind (and any other change) with the new currentStep.
      void persist(false, leaving);
    }
  };

  // ---- conflict: reload the server copy, keep the local one on offer
  const [reloading, setReloading] = useState(false);
  const reload = async (): Promise<void> => {
    setReloading(true);
    try {
      autosave.cancel();
      const fresh = await queryApplication(activity.id);
      saver.reset(fresh);
      setGeneration((n) => n + 1);
      setOffer(findLocalOffer(activity.id, fresh));
      setResult(undefined);
    } catch {
      // The HTTP client has said why; the modal stays so the applicant can try again.
    } finally {
      setReloading(false);
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
  const submit = async (): Promise<void> => {
    if (!editable || windowState(activity.window, now()) !== 'open') return;
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
      stepErrorsRef.current = new Map();
      setStepErrors(new Map());
      setResult({ kind: 'succeeded', status: view.status });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 400 && error.fieldErrors.length > 0) {
        const current = stepKeys[indexRef.current] ?? '';
        showErrors(
          error.fieldErrors.map((fieldError) => {
            const step = (fieldError as { step?: unknown }).step;
            return { ...fieldError, step: typeof step === 'string' ? step : current };
          }),
          true,
        );
      } else if (error.status === 409) saver.markConflict();
      else notifyError(error.message);
    } finally {
      setSubmitting(false);
    }
  };

  // ---- rendering
  const current = steps[index];
  const isLast = index === steps.length - 1;
  const uniqueCheck = useMemo<UniqueCheck | undefined>(() => {
    const step = current?.key;
    if (!step || !editable) return undefined;
    return (field, value) => termNameExists({ activityId: activity.id, step, field, value });
  }, [activity.id, current?.key, editable]);
  const onStepReady = useCallback(() => placeErrors(stepKeys[indexRef.current] ?? ''), [placeErrors, stepKeys]);

  const unsaved = editable && (saverState.dirty || saverState.saving);
  const flushForLeave = useCallback(async (): Promise<boolean> => {
    autosave.cancel();
    const outcome = await persistRef.current(false);
    return (outcome.kind === 'saved' || outcome.kind === 'idle') && !saver.getState().dirty;
  }, [autosave, saver]);

  const lastSaved = saverState.lastSavedAt ?? (application ? new Date(application.updatedAt) : null);
  const saveIndicator = !editable ? null : saverState.saving ? (
    <Typography.Text type="secondary" className="kc-save-state" data-state="saving">
      {texts.saving}
    </Typography.Text>
  ) : saverState.dirty ? (
    <Typography.Text type="warning" className="kc-save-state" data-state="dirty">
      {texts.unsaved}
    </Typography.Text>
  ) : lastSaved ? (
    <Typography.Text type="secondary" className="kc-save-state" data-state="saved">
      {texts.savedAt(dayjs(lastSaved).format('HH:mm'))}
    </Typography.Text>
  ) : null;

  const formatTime = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm');
  const status = application?.status;

  return (
    <Card
      className="kc-step-form"
      title={localizedActivity(activity, locale).title}
      extra={
        <Space>
          {saveIndicator}
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
          status: stepItemStatus(i, index, stepErrors.has(step.key)),
          description: stepErrors.has(step.key) ? texts.stepHasErrors : undefined,
        }))}
      />
      <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
        {status && !editable && <Alert type="info" showIcon message={texts.readOnlyHint(statusLabel(status, locale))} />}
        {status === 'returned' && <Alert type="warning" showIcon message={texts.returnedHint} />}
        {editable && window_ === 'notOpen' && <Alert type="warning" showIcon message={texts.windowNotOpenHint(formatTime(activity.window.opensAt))} />}
        {editable && window_ === 'closed' && <Alert type="warning" showIcon message={texts.windowClosedHint(formatTime(activity.window.closesAt))} />}
        {offer && editable && (
          <Alert
            type="warning"
            showIcon
            className="kc-local-draft"
            message={texts.localDraftFound(dayjs(offer.draft.savedAt).format('YYYY-MM-DD HH:mm'))}
            action={
              <Space>
                <Button size="small" type="primary" onClick={restoreOffer}>
                  {texts.restoreLocalDraft}
                </Button>
                <Button size="small" onClick={discardOffer}>
                  {texts.discardLocalDraft}
                </Button>
              </Space>
            }
          />
        )}
      </Space>

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
            <Space className="kc-step-actions" style={{ display: 'flex', justifyContent: 'center', marginTop: 24 }} wrap>
              <Button disabled={index === 0} onClick={() => void goTo(index - 1, false)}>
                {texts.prevStep}
              </Button>
              {editable && (
                <Button
                  loading={saverState.saving && !submitting}
                  disabled={saverState.conflict}
                  onClick={() => {
                    autosave.cancel();
                    void persist(true, current.key);
                  }}
                >
                  {texts.saveDraft}
                </Button>
              )}
              {!isLast && (
                <Button type="primary" onClick={() => void goTo(index + 1, true)}>
                  {texts.nextStep}
                </Button>
              )}
              {isLast && editable && (
                <Button type="primary" loading={submitting} disabled={window_ !== 'open' || saverState.conflict} onClick={() => void submit()}>
                  {texts.submitApplication}
                </Button>
              )}
            </Space>
          </FormProvider>
        )
      )}

      <Modal
        open={saverState.conflict}
        title={texts.conflictTitle}
        closable={false}
        maskClosable={false}
        keyboard={false}
        className="kc-conflict-modal"
        footer={
          <Button type="primary" loading={reloading} onClick={() => void reload()}>
            {texts.refresh}
          </Button>
        }
      >
        {texts.conflictContent}
      </Modal>
      <StepLeaveGuard unsaved={unsaved} flush={flushForLeave} texts={texts} />
    </Card>
  );
}
