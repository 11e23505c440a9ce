import { describe, expect, it, vi } from 'vitest';
import { DEFERRED_FEEDBACK, setFeedbackApi, withFeedback, type FeedbackApi } from '../../../src/client/feedback/feedback-api';

/** Fresh module state per test: the instances are set once per page. */
async function freshModule(): Promise<typeof import('../../../src/client/feedback/feedback-api')> {
  vi.resetModules();
  return import('../../../src/client/feedback/feedback-api');
}

function fakeApi() {
  const dialog = { destroy: vi.fn(), update: vi.fn(), then: (resolve: (value: boolean) => unknown) => Promise.resolve(true).then(resolve) };
  const api = {
    message: { success: vi.fn(), error: vi.fn() },
    notification: { error: vi.fn() },
    modal: { confirm: vi.fn(() => dialog) },
  };
  return { api: api as unknown as FeedbackApi, raw: api, dialog };
}

describe('the deferred feedback instances (App.useApp() before antd’s holders have loaded)', () => {
  it('keeps calls made before the instances arrive and makes them, in order, when they do', async () => {
    const feedback = await freshModule();
    const { api, raw } = fakeApi();
    void feedback.DEFERRED_FEEDBACK.message.success('已保存');
    feedback.withFeedback(({ notification }) => notification.error({ message: '错误' }));
    expect(raw.message.success).not.toHaveBeenCalled();

    feedback.setFeedbackApi(api);
    expect(raw.message.success).toHaveBeenCalledWith('已保存');
    expect(raw.notification.error).toHaveBeenCalledWith({ message: '错误' });
  });

  it('passes calls straight on once the instances are there, with their return values', async () => {
    const feedback = await freshModule();
    const { api, raw, dialog } = fakeApi();
    feedback.setFeedbackApi(api);
    const handle = feedback.DEFERRED_FEEDBACK.modal.confirm({ title: '确认删除？' });
    expect(raw.modal.confirm).toHaveBeenCalledTimes(1);
    expect(handle).toBe(dialog);
  });

  it('gives an early dialog a handle that closes, updates and answers the real one later', async () => {
    const feedback = await freshModule();
    const { api, dialog } = fakeApi();
    const handle = feedback.DEFERRED_FEEDBACK.modal.confirm({ title: '离开此页？' });
    handle.update({ title: '仍要离开？' });
    handle.destroy();
    const answer = handle.then(
      (confirmed) => confirmed,
      () => undefined,
    );
    feedback.setFeedbackApi(api);
    expect(await answer).toBe(true);
    expect(dialog.update).toHaveBeenCalledWith({ title: '仍要离开？' });
    expect(dialog.destroy).toHaveBeenCalledTimes(1);
  });

  it('exports the same functions the app uses', () => {
    expect(typeof DEFERRED_FEEDBACK.modal.confirm).toBe('function');
    expect(typeof setFeedbackApi).toBe('function');
    expect(typeof withFeedback).toBe('function');
  });
});
