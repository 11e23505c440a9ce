import { FormProvider } from '@formily/react';
import { Alert, Space, Spin, Steps, Tag } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { windowState } from '../../../shared/activity/activity-window';
import { statusLabel } from '../../../shared/activity/application-status';
import type { ActivityDetail, ApplicationView } from '../../../shared/generated';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { termNameExists } from '../activity-api';
import { localizedActivity, localizedStepTitle } from '../localized-activity';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { SchemaErrorBoundary } from '../../engine/schema-error-boundary';
import { formPathOf, stepItemStatus, type StepError } from './step-bar-state';
import { windowsOf } from '../../engine/form-window';
import { useReviewNote } from '../use-review-note';
import { useStepErrorState } from './step-error-state';
import { StepFields } from './step-fields';
import { StepFormAlerts } from './step-form-alerts';
import { StepLeaveGuard } from './step-leave-guard';
import { StepSaveIndicator } from './step-save-indicator';
import { storedStepValues } from './step-stored-values';
import { StepToolbar } from './step-toolbar';
import type { UniqueCheck } from './step-unique-check';
import { useStepSaving, type SaveReactions } from './use-step-saving';
import { useStepSubmit } from './use-step-submit';
import { validateValues } from '../../engine/validate-values';
import { validateForm } from '../../engine/validate-form';
import { TitledBox } from '../../engine/titled-box';
import { firstPageSettled } from '../../chunk/first-page-settled';
import './step-form.css';

// Shown only after a submit or on a save conflict: their Result, Typography and Modal (≈ 25 KB) load
// after the first screen, not before its largest paint (issue 33); prefetched once the form is idle.
const loadSubmitResult = () => import('./step-submit-result').then((module) => ({ default: module.StepSubmitResult }));
const loadConflictModal = () => import('./step-conflict-modal').then((module) => ({ default: module.StepConflictModal }));
const StepSubmitResult = lazy(loadSubmitResult);
const StepConflictModal = lazy(loadConflictModal);

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

/**
 * A multi-step application on the schema engine (ADR 0004): one Formily form holds
 * `{[stepKey]: stepValues}` and renders the current step's schema; antd's Steps is the step bar.
 *
 * - 下一步 validates the current step's fields only, then moves on and saves; 上一步 and the step
 *   bar move without validating; 保存草稿 saves now; every change is autosaved about 3 s later and
 *   on each step change, with the step as `currentStep`, so a reload or a new login resumes there.
 * - Saving, autosave, the local copy of unsaved values and reloading after a 409: useStepSaving.
 * - Submit (the client's verdict over every step, the server's refusals): useStepSubmit. A
 *   refusal marks the failing steps red, opens the first of them and shows the result page listing
 *   every error; the errors are put on their fields when their step is shown (useStepErrorState).
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
  const reactions = useRef<SaveReactions>();
  const saving = useStepSaving({ activityId: activity.id, loaded, stepKeys, indexRef, texts, reactions });
  const { saverState, application, editable, form, generation, autosave, persist } = saving;

  // ---- errors per step and the result page
  const errors = useStepErrorState(form, stepKeys, moveTo);
  reactions.current = errors;
  const { stepErrors, result, setResult, clearStepErrors, placeErrors } = errors;
  const { submitting, windowRefusal, submit } = useStepSubmit({ activity, steps, indexRef, now, locale, saving, errors });

  // ---- moving between steps
  const goTo = async (target: number, validate: boolean): Promise<void> => {
    const leaving = stepKeys[indexRef.current];
    if (target < 0 || target >= steps.length || !leaving) return;
    if (validate && editable) {
      try {
        await validateForm(form, `${leaving}.*`);
      } catch {
        return; // Every message is on its field, or held for it and listed above a long step.
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

  const window_ = windowState(activity.window, now());

  // ---- rendering
  const current = steps[index];
  const uniqueCheck = useMemo<UniqueCheck | undefined>(() => {
    const step = current?.key;
    if (!step || !editable) return undefined;
    return (field, value) => termNameExists({ activityId: activity.id, step, field, value });
  }, [activity.id, current?.key, editable]);
  // The field to put the cursor in once its step is on screen again: an error opened from the result page.
  const pendingReveal = useRef<string>();
  const resultShown = useRef(false);
  resultShown.current = result !== undefined;
  /** The step's fields exist: its held errors go on them, and the cursor goes to the opened error once the result page is gone. */
  const settleStep = useCallback(() => {
    const step = stepKeys[indexRef.current] ?? '';
    const own = (path: string): boolean => path === step || path.startsWith(`${step}.`);
    // Its fields are not there yet (a new step still loading): its onReady calls again.
    if (!windowsOf(form).some((formWindow) => own(formWindow.blocks.basePath))) return;
    placeErrors(step);
    const target = pendingReveal.current;
    if (!target || resultShown.current) return;
    pendingReveal.current = undefined;
    void windowsOf(form)
      .find((formWindow) => target.startsWith(`${formWindow.blocks.basePath}.`))
      ?.reveal(target);
  }, [placeErrors, stepKeys, form]);
  useEffect(() => {
    if (!result) settleStep();
  }, [result, settleStep]);
  useEffect(() => {
    // Once the first screen is in, so a submit's answer or a conflict never waits on the network.
    void firstPageSettled().then(() => Promise.all([loadSubmitResult(), loadConflictModal()]).catch(() => undefined));
  }, []);
  /** Back from the result page to an error's step (the first error's when none is named), cursor in its field. */
  const openError = (error: StepError | undefined): void => {
    const target = error ? stepKeys.indexOf(error.step) : -1;
    pendingReveal.current = error ? formPathOf(error) : undefined;
    setResult(undefined);
    if (target !== -1 && target !== indexRef.current) moveTo(target);
  };

  const lastSaved = saverState.lastSavedAt ?? (application ? new Date(application.updatedAt) : null);
  const status = application?.status;
  const reviewNote = useReviewNote(activity.id, status);

  return (
    <TitledBox
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
          status: stepItemStatus(
            i,
            index,
            stepErrors.has(step.key),
            i !== index && validateValues(step.schema, storedStepValues(form, step.key), locale).length === 0,
          ),
          description: stepErrors.has(step.key) ? texts.stepHasErrors : undefined,
        }))}
      />
      <StepFormAlerts
        status={status}
        editable={editable}
        activityWindow={activity.window}
        windowState={window_}
        offer={saving.offer}
        onRestoreOffer={saving.restoreOffer}
        onDiscardOffer={saving.discardOffer}
        notice={saving.notice}
        reviewNote={reviewNote}
        locale={locale}
      />

      {result && (
        <Suspense fallback={<Spin className="kc-submit-result-loading" />}>
          <StepSubmitResult
            result={result}
            steps={steps}
            locale={locale}
            onBack={result.kind === 'failed' ? () => openError(result.errors[0]) : undefined}
            onOpenError={result.kind === 'failed' ? openError : undefined}
          />
        </Suspense>
      )}
      {/* Hidden, not unmounted, under the result page: 返回修改 finds the step as it was left. */}
      {current && (
        <div className="kc-step-body" hidden={result !== undefined}>
          <FormProvider form={form}>
            <SchemaErrorBoundary title={texts.formLoadFailed}>
              <StepFields
                key={`${generation}:${current.key}`}
                activityId={activity.id}
                stepKey={current.key}
                schema={current.schema}
                locale={locale}
                uniqueCheck={uniqueCheck}
                onReady={settleStep}
              />
            </SchemaErrorBoundary>
            {/* Next to the button it disables, where the applicant is looking. */}
            {editable && windowRefusal && (
              <Alert type="error" showIcon className="kc-submit-refused" style={{ marginTop: 24 }} message={windowRefusal} />
            )}
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
        </div>
      )}

      {saverState.conflict && (
        <Suspense fallback={null}>
          <StepConflictModal open reloading={saving.reloading} onReload={() => void saving.reload('conflict')} texts={texts} />
        </Suspense>
      )}
      <StepLeaveGuard
        dirty={editable && saverState.dirty}
        saving={editable && saverState.saving}
        flush={saving.flushForLeave}
        texts={texts}
      />
    </TitledBox>
  );
}
