import { isField, type Field, type Form } from '@formily/core';

/** happy-dom lacks matchMedia, which antd's responsive helpers call: a stub that never matches. */
export function stubMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/** The data field at `path`, or a thrown error naming it. */
export function fieldOf(form: Form, path: string): Field {
  const field = form.query(path).take();
  if (!field || !isField(field)) throw new Error(`no field ${path}`);
  return field;
}
