import { useState, type ReactNode } from 'react';
import type { UserUnit } from '../../shared/generated/user-unit';
import { startSession } from '../session/session-store';
import { chooseLoginUnit, landingTarget, settleLoginUnit } from './land-after-login';
import { UnitChooserDialog } from './unit-chooser-dialog';

/**
 * A login page's last steps once the server has answered with a token (issue 31): the unit (chosen at
 * once, or in the dialog), then where to land, then the session. `target` is set in the same tick as
 * the session starts, so the page's "logged in → /" rule never wins over it.
 */
export function useLoginLanding(): {
  finish: (token: string, redirect: string | null) => Promise<void>;
  target: string | undefined;
  dialog: ReactNode;
} {
  const [target, setTarget] = useState<string>();
  const [choosing, setChoosing] = useState<{ token: string; redirect: string | null; units: UserUnit[] }>();

  const land = async (token: string, redirect: string | null): Promise<void> => {
    const where = await landingTarget(token, redirect);
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
  return { finish, target, dialog };
}
