import type { Form } from '@formily/core';
import { pruneEmpty } from '../../shared/schema/prune-empty';
import { ApiError } from '../api/api-error';
import { notifyError, toastError, toastSuccess } from '../api/notifier';
import { getLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { applyServerErrors } from './apply-server-errors';
import { cleanFormValues } from './clean-form-values';
import { notifyServerRejected } from './server-rejected';
import { windowsOf } from './form-window';
import { FormInvalidError, validateForm } from './validate-form';

export type SubmitOutcome<R> =
  /** Client validation stopped it; every message is already on its field. Nothing was sent. */
  | { status: 'invalid' }
  /** The server refused it (or could not be reached); field errors are on their fields. */
  | { status: 'rejected'; error: ApiError }
  | { status: 'succeeded'; result: R };

export interface SubmitOptions {
  /** The success toast; none when omitted. */
  successText?: string;
}

/**
 * The one submit path of every schema form: client validation with the schema's rules, then the
 * API, then the server's errors back onto their fields (spec §8). Values are cleaned of the keys
 * Formily's widgets add (ArrayTable's row index, trap 4) and pruned of empty strings first, exactly
 * as the server prunes them, so a cleared optional field counts as absent.
 *
 * `send` receives values that passed the client's rules; the server checks them again with ajv.
 */
export async function submitSchemaForm<R>(
  form: Form,
  send: (values: Record<string, unknown>) => Promise<R>,
  options: SubmitOptions = {},
): Promise<SubmitOutcome<R>> {
  const texts = textsFor(getLocale());
  // A long form's unmounted fields have no Formily model: the engine judges them first (validate-form.ts).
  if (windowsOf(form).some((formWindow) => formWindow.blocks.windowed)) {
    try {
      await validateForm(form);
    } catch (error) {
      if (error instanceof FormInvalidError) return { status: 'invalid' };
      throw error;
    }
  }
  let result: R;
  try {
    result = await form.submit(async (values: unknown) => send(pruneEmpty(cleanFormValues(values)) as Record<string, unknown>));
  } catch (error) {
    if (error instanceof ApiError) {
      const unplaced = applyServerErrors(form, error.fieldErrors);
      if (error.fieldErrors.length > 0) toastError(`${texts.submitFailed}：${texts.submitFailedHint}`);
      // An error the form cannot show on a field is still shown, never dropped.
      if (unplaced.length > 0) notifyError(unplaced.map((e) => (e.path ? `${e.path}：${e.message}` : e.message)).join('；'));
      notifyServerRejected(form, error.fieldErrors);
      return { status: 'rejected', error };
    }
    // form.submit throws the feedback list when client validation fails.
    if (Array.isArray(error)) return { status: 'invalid' };
    throw error;
  }
  if (options.successText) toastSuccess(options.successText);
  return { status: 'succeeded', result };
}
