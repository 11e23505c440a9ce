import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { UserUnit } from '../../shared/generated/user-unit';
import { lazyWithTimeout } from '../chunk/lazy-with-timeout';
import { applySessionRules } from '../session/session-guard';
import { takeHandedOverToken, useToken } from '../session/session-store';
import { chooseLoginUnit, landingTarget, settleLoginUnit } from './land-after-login';

// The dialog (antd's Modal and Radio) loads only for a login that needs it, never on a first paint (ADR 0017).
const UnitChooserDialog = lazyWithTimeout(() => import('./unit-chooser-dialog').then((module) => ({ default: module.UnitChooserDialog })));

/**
 * A linked single sign-on comes back through the cookie Access-Token, not through a login page (issue 31):
 * its unit is settled here as a login page would (one chosen at once, several in the dialog), then the
 * menu loads, and a user with queues who came back to the start (/, /home) goes on to the workbench.
 */
export function CookieLoginLanding() {
  const token = useToken();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [choosing, setChoosing] = useState<{ token: string; units: UserUnit[] }>();

  const land = async (handed: string): Promise<void> => {
    const here = pathname + search;
    // The unit is stored now: the session rules load the user and the generated menu (spec §4).
    applySessionRules(here, (href) => void navigate(href, { replace: true }));
    const target = await landingTarget(handed, here);
    if (target !== here) void navigate(target, { replace: true });
  };

  useEffect(() => {
    const handed = takeHandedOverToken();
    if (!handed) return;
    void settleLoginUnit(handed).then((step) => {
      if (step.kind === 'choose') setChoosing({ token: handed, units: step.units });
      else void land(handed);
    });
    // Once per handed-over token; the location is read when it lands.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [token]);

  if (!choosing || choosing.token !== token) return null;
  return (
    <Suspense fallback={null}>
      <UnitChooserDialog
        units={choosing.units}
        choose={async (unit) => {
          await chooseLoginUnit(choosing.token, unit);
          setChoosing(undefined);
          await land(choosing.token);
        }}
      />
    </Suspense>
  );
}
