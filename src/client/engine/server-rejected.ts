import { createEffectHook, type Form } from '@formily/core';
import type { FieldError } from '../../shared/schema/field-error';

const SERVER_REJECTED = 'kechuang:server-rejected';

/**
 * Lets a form's widgets react when the server turned a submit down; the captcha uses it to fetch a
 * new image, since the server's captchas are single-use.
 */
export const onServerRejected = createEffectHook(
  SERVER_REJECTED,
  (payload: readonly FieldError[]) => (listener: (errors: readonly FieldError[]) => void) => listener(payload),
);

export function notifyServerRejected(form: Form, errors: readonly FieldError[]): void {
  form.notify(SERVER_REJECTED, errors);
}
