import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type Blocker, type BlockerFunction } from 'react-router-dom';
import type { Texts } from '../../i18n/texts';
import { useFeedback } from '../../feedback/use-feedback';

export interface StepLeaveGuardProps {
  /** The applicant changed something that is not on the server yet. */
  dirty: boolean;
  /** A save is on its way (possibly of nothing the applicant typed: a step change stores currentStep). */
  saving: boolean;
  /** Tries to save now; resolves true when nothing is left unsaved. */
  flush: () => Promise<boolean>;
  texts: Texts;
}

/** Whether moving from one location to another leaves the page: a change of the hash alone does not. */
export function leavesPage(current: { pathname: string; search: string }, next: { pathname: string; search: string }): boolean {
  return current.pathname + current.search !== next.pathname + next.search;
}

/**
 * In-app navigation with unsaved changes asks first (离开 / 留在此页). Leaving still sends what it
 * can (and the local copy keeps the rest); staying keeps the page exactly as it was. When the only
 * thing pending is a save already on its way, the navigation waits for it instead of asking.
 */
function RouterBlocker({ dirty, saving, flush, texts }: StepLeaveGuardProps) {
  const { modal } = useFeedback();
  // The blocker function and the effect read the latest props without re-registering.
  const latest = useRef({ dirty, saving, flush, texts });
  latest.current = { dirty, saving, flush, texts };
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => (latest.current.dirty || latest.current.saving) && leavesPage(currentLocation, nextLocation),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef<Blocker>(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    let dialog: { destroy: () => void } | undefined;
    const proceed = (): void => {
      const current = blockerRef.current;
      if (current.state === 'blocked') current.proceed();
    };
    const stay = (): void => {
      const current = blockerRef.current;
      if (current.state === 'blocked') current.reset();
    };
    const ask = (): void => {
      const { texts: t } = latest.current;
      dialog = modal.confirm({
        title: t.leaveTitle,
        content: t.leaveContent,
        okText: t.leave,
        cancelText: t.stay,
        className: 'kc-leave-confirm',
        onOk: () => {
          // Best effort: the save is sent even though the page goes; a refusal leaves the local copy.
          void latest.current.flush();
          proceed();
        },
        onCancel: stay,
      });
    };
    if (latest.current.dirty) ask();
    else {
      void latest.current.flush().then((clean) => {
        if (!active) return;
        if (clean) proceed();
        else ask();
      });
    }
    return () => {
      active = false;
      dialog?.destroy();
    };
  }, [blocker.state, modal]);
  return null;
}

/**
 * Asks before unsaved changes are left behind: the browser's own prompt on reload, close or an
 * external link (`beforeunload`), and an antd confirm for in-app navigation (react-router's
 * blocker, which needs the data router the app is rendered with; without one, as in unit tests
 * under a MemoryRouter, only `beforeunload` guards).
 */
export function StepLeaveGuard(props: StepLeaveGuardProps) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const unsaved = props.dirty || props.saving;

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
      // Older Chromium versions show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return dataRouter ? <RouterBlocker {...props} /> : null;
}
