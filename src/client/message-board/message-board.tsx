import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { MessageIcon } from '../layout/icons';
import { LabelledFloatButton } from '../layout/labelled-float-button';
import { useToken } from '../session/session-store';
import { withoutTrailingSlash } from '../../shared/site/without-trailing-slash';
import { useFeedback } from '../feedback/use-feedback';

// The drawer carries Formily and the form widgets; it loads on the first click, not with the page.
const MessageDrawer = lazy(() => import('./message-drawer'));

/** Spec §2: pages with their own forms, where a second floating form would be in the way. */
const HIDDEN_ON = new Set(['/home/policy-advice-form', '/home/quote-form-demo']);

/**
 * The floating message board (spec §2, §4): logged in, it opens the '在线留言' drawer; anonymous,
 * it asks whether to go to the login page. Hidden on mobile and on the form pages above.
 */
export function MessageBoard() {
  const texts = textsFor(useLocale());
  const { modal } = useFeedback();
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const token = useToken();
  const [open, setOpen] = useState(false);
  // Opened once, the drawer stays mounted (closed) so reopening does not wait for the chunk again.
  const [everOpened, setEverOpened] = useState(false);

  if (isMobile || HIDDEN_ON.has(withoutTrailingSlash(location.pathname))) return null;

  const onClick = (): void => {
    if (token) {
      setEverOpened(true);
      setOpen(true);
      return;
    }
    modal.confirm({
      content: texts.messageBoardLoginConfirm,
      okText: texts.login,
      cancelText: texts.cancel,
      onOk: () => navigate(`/user/login?redirect=${encodeURIComponent(location.pathname + location.search)}`),
    });
  };

  return (
    <>
      <LabelledFloatButton
        type="primary"
        icon={<MessageIcon />}
        label={texts.messageBoard}
        className="kc-message-board"
        style={{ insetInlineEnd: 24, insetBlockEnd: 96 }}
        onClick={onClick}
      />
      {everOpened && token && (
        <Suspense fallback={null}>
          <MessageDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
