import { App } from 'antd';
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from 'react-router-dom';
import type { Texts } from '../i18n/texts';

export interface StepLeaveGuardProps {
  /** Whether leaving now would lose changes. */
  unsaved: boolean;
  /** Tries to save now; resolves true when nothing is left unsaved. */
  flush: () => Promise<boolean>;
  texts: Texts;
}

/** In-app navigation: save first, and ask only when that did not make the page clean. */
function RouterBlocker({ unsaved, flush, texts }: StepLeaveGuardProps) {
  const { modal } = App.useApp();
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  // A change of the query alone (same page) is not leaving.
  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
    unsavedRef.current && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search;
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void flush().then((clean) => {
      if (!active || blocker.state !== 'blocked') return;
      if (clean) {
        blocker.proceed();
        return;
      }
      modal.confirm({
        title: texts.leaveTitle,
        content: texts.leaveContent,
        okText: texts.leave,
        cancelText: texts.stay,
        onOk: () => blocker.proceed(),
        onCancel: () => blocker.reset(),
      });
    });
    return () => {
      active = false;
    };
  }, [blocker, flush, modal, texts]);
  return null;
}

/**
 * Asks before unsaved changes are left behind: the browser's own prompt on reload, close or an
 * external link (`beforeunload`), and react-router's blocker for in-app navigation. The blocker
 * needs a data router (RouterProvider); under a plain BrowserRouter only `beforeunload` guards.
 */
export function StepLeaveGuard(props: StepLeaveGuardProps) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { unsaved } = props;

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
