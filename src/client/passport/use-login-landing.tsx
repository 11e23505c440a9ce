import { useRef, useState, type ReactNode } from 'react';
import type { UserUnit } from '../../shared/generated/user-unit';
import { startSession } from '../session/session-store';
import { chooseLoginUnit, landingTarget, settleLoginUnit } from './land-after-login';
import { UnitChooserDialog } from './unit-chooser-dialog';

/**
 * A login page's last steps once the server has answered with a token (issue 31): the unit (chosen at
 * once, or in the dialog), then where to land, then the session. While `landing`, the page waits for
 * `target` rather than applying its "logged in → /" rule, which would otherwise race the target.
 */
export function useLoginLanding(): {
  finish: (token: string, redirect: string | null) => Promise<void>;
  target: string | undefined;
  /** True from the moment this login starts its session: the page's "logged in → /" rule must not run then. */
  landing: boolean;
  dialog: ReactNode;
} {
  const [target, setTarget] = useState<string>();
  const [choosing, setChoosing] = useState<{ token: string; redirect: string | null; units: UserUnit[] }>();
  // A ref, read while rendering: the session store's update may render the page before the target's
  // state update does (React renders a store change first), and that render must not send the user to /.
  const landing = useRef(false);

  const land = async (token: string, redirect: string | null): Promise<void> => {
    const where = await landingTarget(token, redirect);
    landing.current = true;
    setTarget(where);
    startSession(token);
  };

  const finish = async (token: string, redirect: string | null): Promise<void> => {
    const step = await settleLoginUnit(token);
    if (step.kind === 'choose') {
      setChoosing({ token, redirect, units: step.units });
      return;
    }
    await land(token, redirect);
  };

  const dialog = choosing ? (
    <UnitChooserDialog
      units={choosing.units}
      choose={async (unit) => {
        await chooseLoginUnit(choosing.token, unit);
        setChoosing(undefined);
        await land(choosing.token, choosing.redirect);
      }}
    />
  ) : null;
  return { finish, target, landing: landing.current, dialog };
}
