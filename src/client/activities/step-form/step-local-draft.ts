/**
 * The unsaved values of an application, kept in this browser until the server has them (SECURITY.md
 * R38: a crash, a lost connection or a version conflict loses no work). Keyed by activity and
 * application id: one application per user and activity, so the id names the user without putting
 * anything personal into storage. Before the first save there is no id yet; 'new' stands in.
 */
export interface LocalDraft {
  values: Record<string, unknown>;
  /** The steps changed since the last successful save. */
  dirtySteps: string[];
  /** The version the edits were based on (null before the first save). */
  basedOnVersion: number | null;
  savedAt: string;
}

const PREFIX = 'kc-application-draft';

export function localDraftKey(activityId: string, applicationId: string | null | undefined): string {
  return `${PREFIX}:${activityId}:${applicationId ?? 'new'}`;
}

function isLocalDraft(value: unknown): value is LocalDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft['values'] === 'object' &&
    draft['values'] !== null &&
    Array.isArray(draft['dirtySteps']) &&
    typeof draft['savedAt'] === 'string' &&
    (draft['basedOnVersion'] === null || typeof draft['basedOnVersion'] === 'number')
  );
}

export function readLocalDraft(key: string): LocalDraft | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isLocalDraft(parsed) ? parsed : undefined;
  } catch {
    // Unreadable or unavailable storage: there is simply nothing to offer.
    return undefined;
  }
}

export function writeLocalDraft(key: string, draft: LocalDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Full or private-mode storage: the server copy is still saved by autosave.
  }
}

export function removeLocalDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
