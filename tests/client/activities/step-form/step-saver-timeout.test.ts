// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/client/api/api-error';
import { localDraftKey, readLocalDraft, writeLocalDraft } from '../../../../src/client/activities/step-form/step-local-draft';
import { findLocalOffer } from '../../../../src/client/activities/step-form/step-local-offer';
import { StepSaver } from '../../../../src/client/activities/step-form/step-saver';
import type { ApplicationView } from '../../../../src/shared/generated';

const ACTIVITY = 'hightech-cultivation';
const serverCopy: ApplicationView = {
  id: 'app-1',
  activityId: ACTIVITY,
  status: 'draft',
  version: 4,
  currentStep: 'basic',
  data: { basic: { companyName: '星河科技' } },
  schemaVersion: 'v',
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
  submittedAt: null,
  editable: true,
};

beforeEach(() => localStorage.clear());

/*
 * SECURITY R10 with R38: an autosave refused because the session timed out loses nothing. The step
 * form writes every input to the local draft before the save; a refused save is 'failed', which
 * leaves the step dirty and the local draft in place (use-step-saving removes it only once the
 * server has every change), and after the next login the page offers it back.
 */
describe('an autosave refused with 401 sessionIdleTimeout', () => {
  it('stays dirty, keeps the local draft, and the draft is offered after logging in again', async () => {
    const timedOut = new ApiError('登录已超时，请重新登录', 401, 401, [], 'sessionIdleTimeout');
    const saver = new StepSaver(
      {
        activityId: ACTIVITY,
        readStep: () => ({ companyName: '星河科技（新）' }),
        currentStep: () => 'basic',
        firstSave: vi.fn(async () => serverCopy),
        saveStep: vi.fn(async () => Promise.reject(timedOut)),
      },
      serverCopy,
    );
    const key = localDraftKey(ACTIVITY, serverCopy.id);
    saver.markDirty('basic');
    writeLocalDraft(key, {
      values: { basic: { companyName: '星河科技（新）' } },
      dirtySteps: saver.dirtySteps(),
      basedOnVersion: 4,
      savedAt: '2026-11-22T08:31:00.000Z',
    });

    const outcome = await saver.save();

    expect(outcome).toEqual({ kind: 'failed', error: timedOut });
    expect(saver.getState()).toMatchObject({ dirty: true, conflict: false, notEditable: false });
    expect(readLocalDraft(key)?.values).toEqual({ basic: { companyName: '星河科技（新）' } });
    // Logged in again, the page loads the unchanged server copy and offers the local one.
    expect(findLocalOffer(ACTIVITY, serverCopy)).toEqual({ key, draft: expect.objectContaining({ dirtySteps: ['basic'] }) });
  });
});
