import { ApiError } from './api-error';
import { notifyError, toastSuccess } from './notifier';

export interface DecisionHandlers<T> {
  /** The request; its answer carries the server's success message. */
  send: () => Promise<T & { message: string }>;
  /** Closes the dialog: after success, and when trying again cannot help (409, 403). */
  close: () => void;
  onDone: (result: T) => void;
  /** Someone else changed the record first (409): the caller loads it again. */
  onStale: () => void;
  /** The 409 reason that means "changed by someone else", and what to tell the user then. */
  conflict: { reason: string; text: string };
  /** Field errors of the note, shown on it; without this they are notified like any refusal. */
  onFieldErrors?: (messages: string[]) => void;
  /** Said when the failure carries no message of its own. */
  failedText: string;
  setBusy: (busy: boolean) => void;
}

/**
 * Sends a decision taken in a dialog (a review, a workflow transition) and deals with the answer
 * the same way everywhere: success closes and toasts; a conflict or a refusal (403: own record,
 * permission withdrawn) closes, says why and, for a conflict, reloads; anything else (network,
 * server) keeps the dialog open with what was typed, to try again.
 */
export async function sendDecision<T>(handlers: DecisionHandlers<T>): Promise<void> {
  handlers.setBusy(true);
  try {
    const result = await handlers.send();
    handlers.close();
    toastSuccess(result.message);
    handlers.onDone(result);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      handlers.close();
      notifyError(error.reason === handlers.conflict.reason ? handlers.conflict.text : `${error.message} ${handlers.conflict.text}`);
      handlers.onStale();
    } else if (error instanceof ApiError && error.status === 403) {
      handlers.close();
      notifyError(error.message);
    } else if (error instanceof ApiError && error.fieldErrors.length > 0 && handlers.onFieldErrors) {
      handlers.onFieldErrors(error.fieldErrors.map((entry) => entry.message));
    } else {
      notifyError(error instanceof Error ? error.message : handlers.failedText);
    }
  } finally {
    handlers.setBusy(false);
  }
}
