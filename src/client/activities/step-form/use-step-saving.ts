import { createForm, onFieldInputValueChange, type Form } from '@formily/core';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MutableRefObject } from 'react';
import type { ApplicationView } from '../../../shared/generated';
import { firstSave, queryApplication, saveStep } from '../activity-api';
import { ApiError } from '../../api/api-error';
import { notifyError, toastSuccess } from '../../api/notifier';
import type { Texts } from '../../i18n/texts';
import { createDebouncer, type Debouncer } from './step-autosave';
import type { StepErrorState } from './step-error-state';
import { localDraftKey, removeLocalDraft, writeLocalDraft } from './step-local-draft';
import { findLocalOffer, type LocalOffer } from './step-local-offer';
import { StepSaver, type SaveOutcome, type StepSaverState } from './step-saver';
import { plainCopy, storedStepValues } from './step-stored-values';
import { createTrailingThrottle } from './trailing-throttle';

/** How often typing refreshes the local copy of unsaved values, at most. */
const LOCAL_COPY_MS = 400;

/** Saves now; `explicit` (保存草稿) toasts success and says why a save failed; `alsoStep` is saved even if unchanged. */
export type Persist = (explicit: boolean, alsoStep?: string) => Promise<SaveOutcome>;

/** What a refused save does to the error state; bound after it exists (it needs the form made here). */
export type SaveReactions = Pick<StepErrorState, 'showErrors' | 'setResult'>;

export interface StepSavingOptions {
  activityId: string;
  /** The caller's application as the server has it; null before the first save. */
  loaded: ApplicationView | null;
  stepKeys: readonly string[];
  /** The step on screen, sent as `currentStep` with every save. */
  indexRef: MutableRefObject<number>;
  texts: Texts;
  reactions: MutableRefObject<SaveReactions | undefined>;
}

export interface StepSaving {
  saver: StepSaver;
  saverState: StepSaverState;
  application: ApplicationView | null;
  editable: boolean;
  /** The form for the current copy of the server's data: a reload makes a new one. */
  form: Form;
  /** Bumped by each reload; keys the step's fields so they are made afresh. */
  generation: number;
  autosave: Debouncer;
  persist: Persist;
  /** Reloads the server copy: after a conflict (asked) or a submit elsewhere (at once). */
  reload: (why: 'conflict' | 'notEditable') => Promise<void>;
  reloading: boolean;
  /** Said once after the server copy replaced this page's (submitted elsewhere). */
  notice: string | undefined;
  /** The local copy of unsaved values offered back after a reload, if any. */
  offer: LocalOffer | undefined;
  restoreOffer: () => void;
  discardOffer: () => void;
  /** The localStorage key of this application's unsaved values. */
  currentDraftKey: () => string;
  /** Saves before leaving the page; true when nothing is left unsaved. */
  flushForLeave: () => Promise<boolean>;
}

/**
 * Saving for the step form: each save is based on the version the last one returned (StepSaver);
 * every change is autosaved about 3 s later; a save refused with 409 versionConflict stops saving
 * and asks to reload the server copy; one refused with 409 notEditable (submitted elsewhere)
 * reloads it at once and says so. Unsaved values wait in localStorage until the server has them
 * and are offered after a reload (SECURITY.md R38).
 */
export function useStepSaving({ activityId, loaded, stepKeys, indexRef, texts, reactions }: StepSavingOptions): StepSaving {
  const formRef = useRef<Form>();
  const onInputRef = useRef<(step: string) => void>(() => undefined);

  const saver = useMemo(
    () =>
      new StepSaver(
        {
          activityId,
          readStep: (step) => storedStepValues(formRef.current, step),
          currentStep: () => stepKeys[indexRef.current] ?? '',
          firstSave,
          saveStep,
        },
        loaded,
      ),
    // One saver for the page's life: it holds the version every save is based on.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new form only for a new copy of the server's data (generation)
    [generation],
  );
  formRef.current = form;

  useEffect(() => {
    form.setPattern(editable ? 'editable' : 'readPretty');
  }, [form, editable]);

  // ---- local copy of unsaved values
  const currentDraftKey = (): string => localDraftKey(activityId, saver.getState().application?.id);
  const writeLocal = (): void => {
    writeLocalDraft(currentDraftKey(), {
      values: plainCopy(form.values) as Record<string, unknown>,
      dirtySteps: saver.dirtySteps(),
      basedOnVersion: saver.getState().application?.version ?? null,
      savedAt: new Date().toISOString(),
    });
  };
  // Typing updates the local copy at most every LOCAL_COPY_MS: copying a long form's values to
  // localStorage on every key cost a frame (issue 16). It is flushed before a save (a conflict then
  // finds it) and when the page is hidden or closed.
  const writeLocalRef = useRef(writeLocal);
  writeLocalRef.current = writeLocal;
  const localCopy = useMemo(() => createTrailingThrottle(() => writeLocalRef.current(), LOCAL_COPY_MS), []);
  useEffect(() => {
    const flush = (): void => localCopy.flush();
    const onHidden = (): void => {
      if (document.visibilityState === 'hidden') localCopy.flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      localCopy.flush();
    };
  }, [localCopy]);
  const [offer, setOffer] = useState(() => findLocalOffer(activityId, loaded));
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
    // The unsaved edit goes to the local copy before the server's values replace it: it is offered back.
    localCopy.flush();
    // Several queued saves can be refused in a row; one reload answers them all.
    if (reloadingRef.current) return;
    reloadingRef.current = true;
    setReloading(true);
    try {
      autosave.cancel();
      const fresh = await queryApplication(activityId);
      saver.reset(fresh);
      setGeneration((n) => n + 1);
      setOffer(findLocalOffer(activityId, fresh));
      reactions.current?.setResult(undefined);
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
          localCopy.cancel();
          removeLocalDraft(currentDraftKey());
          removeLocalDraft(localDraftKey(activityId, null));
        } else writeLocal();
        if (explicit) toastSuccess(texts.draftSaved);
        return;
      case 'conflict':
        return; // The conflict modal follows the saver's state.
      case 'notEditable':
        void reload('notEditable');
        return;
      case 'invalid':
        reactions.current?.showErrors(outcome.errors, false);
        return;
      case 'account':
        reactions.current?.setResult({ kind: 'failed', errors: [], account: outcome.problem });
        return;
      case 'failed':
        // Autosave retries with the next change; an explicit save says why it did not happen.
        if (explicit) notifyError(outcome.error instanceof ApiError ? outcome.error.message : texts.requestFailed);
        return;
    }
  };

  const persist: Persist = async (explicit, alsoStep) => {
    localCopy.flush();
    const outcome = await saver.save(alsoStep);
    afterSave(outcome, explicit);
    return outcome;
  };
  persistRef.current = persist;

  onInputRef.current = (step: string): void => {
    if (!editable) return;
    saver.markDirty(step);
    localCopy.schedule();
    const { conflict, notEditable } = saver.getState();
    if (!conflict && !notEditable) autosave.schedule();
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

  const flushForLeave = useCallback(async (): Promise<boolean> => {
    autosave.cancel();
    const outcome = await persistRef.current(false);
    return (outcome.kind === 'saved' || outcome.kind === 'idle') && !saver.getState().dirty;
  }, [autosave, saver]);

  return {
    saver,
    saverState,
    application,
    editable,
    form,
    generation,
    autosave,
    persist,
    reload,
    reloading,
    notice,
    offer,
    restoreOffer,
    discardOffer,
    currentDraftKey,
    flushForLeave,
  };
}
