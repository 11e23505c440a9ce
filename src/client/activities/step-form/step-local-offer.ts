import type { ApplicationView } from '../../../shared/generated';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import { cleanFormValues } from '../../engine/clean-form-values';
import { deepEqual } from '../../engine/schema-checks';
import { localDraftKey, readLocalDraft, removeLocalDraft, type LocalDraft } from './step-local-draft';

/** A local copy of unsaved values, offered back to the applicant (restore or discard). */
export interface LocalOffer {
  /** Its localStorage key. */
  key: string;
  draft: LocalDraft;
}

/**
 * The local draft to offer: one that holds changes the server copy does not have. A copy made
 * before the first save (key 'new') is looked at too once the application exists. A copy the
 * server already matches has done its job and is removed.
 */
export function findLocalOffer(activityId: string, application: ApplicationView | null): LocalOffer | undefined {
  const keys = [localDraftKey(activityId, application?.id), ...(application ? [localDraftKey(activityId, null)] : [])];
  for (const key of keys) {
    const draft = readLocalDraft(key);
    if (!draft) continue;
    // Both sides pruned: a draft saved before [] counted as empty may still store it (ADR 0001).
    const differs = draft.dirtySteps.some(
      (step) => !deepEqual(pruneEmpty(cleanFormValues(draft.values[step] ?? {})), pruneEmpty(application?.data[step] ?? {})),
    );
    if (differs) return { key, draft };
    removeLocalDraft(key);
  }
  return undefined;
}
