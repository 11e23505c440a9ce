import type { ApplicationView, FirstSaveRequest, SaveStepRequest } from '../../../shared/generated';
import { ApiError } from '../../api/api-error';
import type { StepError } from './step-bar-state';
import { classifyRefusal } from './step-refusal';

export type SaveOutcome =
  /** Every changed step is on the server. */
  | { kind: 'saved' }
  /** Nothing to send. */
  | { kind: 'idle' }
  /** Another window or device saved first: nothing more is sent until a reload. */
  | { kind: 'conflict' }
  /** The application was submitted elsewhere (409 notEditable): nothing more is sent until a reload. */
  | { kind: 'notEditable' }
  /** The server refused the data (unknown fields, wrong types); the errors belong on their fields. */
  | { kind: 'invalid'; errors: StepError[] }
  /** 403 notQualified (the first save: the manifest's eligibleRoles exclude the user) or accountFrozen (an administrator froze the account). */
  | { kind: 'account'; problem: 'notQualified' | 'frozen'; error: ApiError }
  | { kind: 'failed'; error: unknown };

export interface StepSaverState {
  application: ApplicationView | null;
  saving: boolean;
  /** Some step changed since its last successful save. */
  dirty: boolean;
  lastSavedAt: Date | null;
  /** A save was refused as based on a replaced version (409 versionConflict). */
  conflict: boolean;
  /** A save was refused because the application is no longer editable (409 notEditable). */
  notEditable: boolean;
}

export interface StepSaverDeps {
  activityId: string;
  /** The step's values as they should be stored (ArrayTable keys stripped, empties pruned). */
  readStep: (step: string) => Record<string, unknown>;
  /** Sent with every save, so a reload or a new login resumes on this step. */
  currentStep: () => string;
  firstSave: (body: FirstSaveRequest) => Promise<ApplicationView>;
  saveStep: (body: SaveStepRequest) => Promise<ApplicationView>;
}

function isStepErrorLike(value: unknown): value is { step: string } {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)['step'] === 'string';
}

/**
 * Saves an application step by step with optimistic concurrency (ADR 0004, SECURITY.md R38): one
 * save at a time, each based on the version the previous one returned, so two saves of this page
 * never conflict with each other, while a save based on a version another window has replaced is
 * refused by the server and stops every further save until the page reloads the server copy.
 *
 * A step is "dirty" from its first change until a save that started after that change succeeds:
 * typing during a save keeps the step dirty for the next one.
 */
export class StepSaver {
  private changeSeq = 0;
  private readonly dirtySince = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private current: StepSaverState;

  constructor(
    private readonly deps: StepSaverDeps,
    application: ApplicationView | null,
  ) {
    this.current = { application, saving: false, dirty: false, lastSavedAt: null, conflict: false, notEditable: false };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): StepSaverState => this.current;

  private update(patch: Partial<StepSaverState>): void {
    const next: StepSaverState = { ...this.current, ...patch, dirty: this.dirtySince.size > 0 };
    // Every keystroke marks its step dirty: publishing an unchanged state would render the whole
    // form again on each key (issue 16 measured 140-200 ms a key on a 550-field step).
    if ((Object.keys(next) as Array<keyof StepSaverState>).every((key) => next[key] === this.current[key])) return;
    this.current = next;
    this.listeners.forEach((listener) => listener());
  }

  markDirty(step: string): void {
    this.dirtySince.set(step, ++this.changeSeq);
    this.update({});
  }

  dirtySteps(): string[] {
    return [...this.dirtySince.keys()];
  }

  /** After a reload of the server copy: its version is the new base, and nothing local is pending. */
  reset(application: ApplicationView | null): void {
    this.dirtySince.clear();
    this.update({ application, conflict: false, notEditable: false });
  }

  /** A submit based on a replaced version was refused: the same state as a refused save. */
  markConflict(): void {
    this.update({ conflict: true });
  }

  /** The view returned by another call (submit, withdraw) becomes the base of the next save. */
  adopt(application: ApplicationView): void {
    this.update({ application });
  }

  /**
   * Saves every dirty step, plus `alsoStep` when given (a step change saves the step it leaves, so
   * the new currentStep is stored even when nothing changed). Queued behind a running save.
   */
  save(alsoStep?: string): Promise<SaveOutcome> {
    const next = this.queue.then(() => this.run(alsoStep));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async run(alsoStep: string | undefined): Promise<SaveOutcome> {
    if (this.current.conflict) return { kind: 'conflict' };
    if (this.current.notEditable) return { kind: 'notEditable' };
    const steps = [...this.dirtySince.keys()];
    if (alsoStep && !steps.includes(alsoStep)) steps.push(alsoStep);
    if (steps.length === 0) return { kind: 'idle' };
    this.update({ saving: true });
    try {
      let application = this.current.application;
      if (!application) {
        application = await this.deps.firstSave({ activityId: this.deps.activityId });
        this.update({ application });
      }
      for (const step of steps) {
        const seq = this.dirtySince.get(step);
        const view = await this.deps.saveStep({
          activityId: this.deps.activityId,
          step,
          version: application.version,
          data: this.deps.readStep(step),
          currentStep: this.deps.currentStep(),
        });
        application = view;
        // Changed again while this save was on its way: still dirty.
        if (seq === undefined || this.dirtySince.get(step) === seq) this.dirtySince.delete(step);
        this.update({ application: view, lastSavedAt: new Date() });
      }
      return { kind: 'saved' };
    } catch (error) {
      return this.failure(error, steps[0] ?? '');
    } finally {
      this.update({ saving: false });
    }
  }

  private failure(error: unknown, step: string): SaveOutcome {
    if (!(error instanceof ApiError)) return { kind: 'failed', error };
    const refusal = classifyRefusal(error);
    switch (refusal.kind) {
      case 'conflict':
        this.update({ conflict: true });
        return { kind: 'conflict' };
      case 'notEditable':
        this.update({ notEditable: true });
        return { kind: 'notEditable' };
      case 'account':
        return { kind: 'account', problem: refusal.problem, error };
      case 'invalid':
        return {
          kind: 'invalid',
          errors: refusal.errors.map((fieldError) => ({ ...fieldError, step: isStepErrorLike(fieldError) ? fieldError.step : step })),
        };
      default:
        return { kind: 'failed', error };
    }
  }
}
