import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/client/api/api-error';
import { createDebouncer } from '../../../../src/client/activities/step-form/step-autosave';
import { StepSaver, type StepSaverDeps } from '../../../../src/client/activities/step-form/step-saver';
import type { ApplicationView, SaveStepRequest } from '../../../../src/shared/generated';

const view = (version: number, currentStep: string | null = null): ApplicationView => ({
  id: 'app-1',
  activityId: 'hightech-cultivation',
  status: 'draft',
  version,
  currentStep,
  data: {},
  schemaVersion: 'v',
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
  submittedAt: null,
  editable: true,
});

function deps(overrides: Partial<StepSaverDeps> = {}): StepSaverDeps & { sent: SaveStepRequest[] } {
  const sent: SaveStepRequest[] = [];
  return {
    sent,
    activityId: 'hightech-cultivation',
    readStep: (step) => ({ value: step }),
    currentStep: () => 'industry',
    firstSave: vi.fn(async () => view(1)),
    saveStep: vi.fn(async (body: SaveStepRequest) => {
      sent.push(body);
      return view(body.version + 1, body.currentStep ?? null);
    }),
    ...overrides,
  };
}

describe('StepSaver', () => {
  it('creates the draft on the first save, then bases each save on the version the last one returned', async () => {
    const d = deps();
    const saver = new StepSaver(d, null);
    saver.markDirty('company');
    saver.markDirty('industry');
    expect(saver.getState().dirty).toBe(true);
    expect(await saver.save()).toEqual({ kind: 'saved' });
    expect(d.firstSave).toHaveBeenCalledWith({ activityId: 'hightech-cultivation' });
    expect(d.sent.map((body) => [body.step, body.version, body.currentStep])).toEqual([
      ['company', 1, 'industry'],
      ['industry', 2, 'industry'],
    ]);
    expect(saver.getState()).toMatchObject({ dirty: false, saving: false, conflict: false });
    expect(saver.getState().application?.version).toBe(3);
  });

  it('tells its listeners only when its state changes: the keystrokes after the first one do not render the form again', async () => {
    const saver = new StepSaver(deps(), view(1));
    const listener = vi.fn();
    saver.subscribe(listener);
    for (let key = 0; key < 30; key += 1) saver.markDirty('industry');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(saver.getState().dirty).toBe(true);
    saver.markDirty('projects');
    expect(listener).toHaveBeenCalledTimes(1);
    await saver.save();
    // saving, then saved: dirty no more, a new application and lastSavedAt.
    expect(saver.getState().dirty).toBe(false);
    expect(listener.mock.calls.length).toBeGreaterThan(1);
  });

  it('saves the step it is told to even when nothing changed, so currentStep is stored', async () => {
    const d = deps();
    const saver = new StepSaver(d, view(5));
    expect(await saver.save()).toEqual({ kind: 'idle' });
    expect(await saver.save('company')).toEqual({ kind: 'saved' });
    expect(d.sent).toHaveLength(1);
    expect(d.sent[0]).toMatchObject({ step: 'company', version: 5, currentStep: 'industry' });
  });

  it('keeps a step dirty when it changed again while its save was on the way', async () => {
    let release: () => void = () => undefined;
    const d = deps();
    const saver = new StepSaver(
      {
        ...d,
        saveStep: (body) =>
          new Promise((resolve) => {
            release = () => resolve(view(body.version + 1));
          }),
      },
      view(1),
    );
    saver.markDirty('company');
    const saving = saver.save();
    await Promise.resolve();
    saver.markDirty('company');
    release();
    await saving;
    expect(saver.dirtySteps()).toEqual(['company']);
  });

  it('stops on a 409: nothing more is sent until the server copy is reloaded', async () => {
    const d = deps({
      saveStep: vi.fn(async () => {
        throw new ApiError('该申报已在其他窗口或设备上更新，请刷新后再编辑', 409, 409, []);
      }),
    });
    const saver = new StepSaver(d, view(2));
    saver.markDirty('company');
    expect(await saver.save()).toEqual({ kind: 'conflict' });
    expect(saver.getState().conflict).toBe(true);
    saver.markDirty('industry');
    expect(await saver.save()).toEqual({ kind: 'conflict' });
    expect(d.saveStep).toHaveBeenCalledTimes(1);
    // The unsaved steps are still known (the local copy keeps them).
    expect(saver.dirtySteps()).toEqual(['company', 'industry']);

    saver.reset(view(3));
    expect(saver.getState()).toMatchObject({ conflict: false, dirty: false });
    expect(saver.getState().application?.version).toBe(3);
  });

  it('returns a 400 as field errors of their step, and a 403 notQualified on the first save as not qualified', async () => {
    const refused = new StepSaver(
      deps({
        saveStep: async () => {
          throw new ApiError('数据有误', 400, 400, [{ path: 'employeeCount', keyword: 'type', params: {}, message: '应当是整数' }]);
        },
      }),
      view(1),
    );
    refused.markDirty('company');
    expect(await refused.save()).toEqual({
      kind: 'invalid',
      errors: [{ step: 'company', path: 'employeeCount', keyword: 'type', params: {}, message: '应当是整数' }],
    });

    const notQualified = new StepSaver(
      deps({
        firstSave: async () => {
          throw new ApiError('您的账号暂不具备申报资格', 403, 403, [], 'notQualified');
        },
      }),
      null,
    );
    notQualified.markDirty('company');
    expect(await notQualified.save()).toMatchObject({ kind: 'account', problem: 'notQualified' });

    // A 403 that names no reason is not read as "not qualified": the form only reports it.
    const forbidden = new StepSaver(
      deps({
        firstSave: async () => {
          throw new ApiError('没有足够的权限', 403, 403, []);
        },
      }),
      null,
    );
    forbidden.markDirty('company');
    expect((await forbidden.save()).kind).toBe('failed');
  });

  it('stops on a 409 notEditable (submitted elsewhere) without the conflict prompt, until the server copy is reloaded', async () => {
    const d = deps({
      saveStep: vi.fn(async () => {
        throw new ApiError('申报已提交，当前不可修改', 409, 409, [], 'notEditable');
      }),
    });
    const saver = new StepSaver(d, view(4));
    saver.markDirty('company');
    expect(await saver.save()).toEqual({ kind: 'notEditable' });
    expect(saver.getState()).toMatchObject({ notEditable: true, conflict: false, dirty: true });
    expect(await saver.save()).toEqual({ kind: 'notEditable' });
    expect(d.saveStep).toHaveBeenCalledTimes(1);

    saver.reset({ ...view(5), status: 'submitted', editable: false });
    expect(saver.getState()).toMatchObject({ notEditable: false, conflict: false, dirty: false });
  });

  it('runs one save at a time, in order', async () => {
    const order: number[] = [];
    const d = deps({
      saveStep: async (body) => {
        order.push(body.version);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return view(body.version + 1);
      },
    });
    const saver = new StepSaver(d, view(1));
    saver.markDirty('company');
    const first = saver.save();
    // The first save is on its way when the next change comes.
    await new Promise((resolve) => setTimeout(resolve, 1));
    saver.markDirty('industry');
    const second = saver.save();
    await Promise.all([first, second]);
    // The second save waited and is based on the version the first returned: no self-inflicted conflict.
    expect(order).toEqual([1, 2]);
    expect(saver.getState().application?.version).toBe(3);
  });
});

describe('the autosave debouncer', () => {
  it('saves about 3 s after the last change, or at once on flush', async () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn(async () => undefined);
      const debouncer = createDebouncer(run);
      debouncer.schedule();
      vi.advanceTimersByTime(2000);
      debouncer.schedule();
      vi.advanceTimersByTime(2999);
      expect(run).not.toHaveBeenCalled();
      expect(debouncer.pending()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
      debouncer.schedule();
      await debouncer.flush();
      expect(run).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(5000);
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
