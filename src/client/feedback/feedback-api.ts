import type { App } from 'antd';

/** antd's message, notification and modal instances, as App.useApp() gives them. */
export type FeedbackApi = ReturnType<typeof App.useApp>;

let current: FeedbackApi | undefined;
const waiting: Array<(api: FeedbackApi) => void> = [];

/** Called once antd's feedback holders have mounted (feedback-holders.tsx). */
export function setFeedbackApi(api: FeedbackApi): void {
  current = api;
  for (const callback of waiting.splice(0)) callback(api);
}

/** Settles once the feedback instances are there: a notice given now can be seen. */
export function feedbackReady(): Promise<void> {
  return new Promise((resolve) => withFeedback(() => resolve()));
}

/** Runs `callback` with the feedback instances: now when they are there, else as soon as they arrive. */
export function withFeedback(callback: (api: FeedbackApi) => void): void {
  if (current) callback(current);
  else waiting.push(callback);
}

/**
 * What a call made before the holders arrived returns: its dialog's or message's handle, later.
 * The handle travels boxed: a dialog is itself a thenable, which a promise would unwrap.
 */
function pendingHandle(later: Promise<{ handle: unknown }>) {
  const call = (method: string, ...args: unknown[]): void => {
    void later.then(({ handle }) => {
      const target = (handle as Record<string, unknown> | null)?.[method];
      if (typeof target === 'function') (target as (...a: unknown[]) => unknown).apply(handle, args);
    });
  };
  return {
    destroy: () => call('destroy'),
    update: (config: unknown) => call('update', config),
    then: (resolve?: (value: unknown) => unknown, reject?: (reason: unknown) => unknown) =>
      later.then(({ handle }) => handle).then(resolve, reject),
  };
}

function forward<K extends keyof FeedbackApi>(part: K): FeedbackApi[K] {
  return new Proxy({} as FeedbackApi[K], {
    get:
      (_target, method: string) =>
      (...args: unknown[]): unknown => {
        const run = (api: FeedbackApi): unknown =>
          (api[part] as unknown as Record<string, (...a: unknown[]) => unknown>)[method]?.(...args);
        if (current) return run(current);
        return pendingHandle(new Promise((resolve) => withFeedback((api) => resolve({ handle: run(api) }))));
      },
  });
}

/**
 * The instances every component gets from App.useApp() until the real ones have loaded: each call
 * is passed on to the real instance, at once or when it arrives. So a page paints without the
 * modal, message and notification code (issue 12's first-load budget) and loses no call meanwhile.
 */
export const DEFERRED_FEEDBACK: FeedbackApi = {
  message: forward('message'),
  notification: forward('notification'),
  modal: forward('modal'),
};
