import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { leavesPage } from '../activities/step-form/step-leave-guard';
import type { StudioTexts } from './studio-texts';
import { useFeedback } from '../feedback/use-feedback';

/**
 * Unpublished edits are only in this page: leaving it (another page, another unit, closing the tab)
 * asks first, so an editor never loses them by a stray click.
 */
export function useUnsavedGuard(changed: boolean, texts: StudioTexts): void {
  const { modal } = useFeedback();
  const latest = useRef(changed);
  latest.current = changed;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => latest.current && leavesPage(currentLocation, nextLocation),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: texts.leaveTitle,
      content: texts.leaveContent,
      okText: texts.leave,
      cancelText: texts.stay,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, texts]);

  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);
}
