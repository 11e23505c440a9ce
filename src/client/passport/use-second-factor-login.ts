import { useEffect, useState } from 'react';
import { MFA_TOKEN_COOKIE } from '../../shared/constants';
import { readCookie, removeCookie } from '../session/cookies';
import { fetchSecondFactorStatus, type LoginOutcome, type SecondFactorChallenge } from './second-factor-api';

export interface PendingSecondFactor {
  challenge: SecondFactorChallenge;
  redirect: string | null;
}

/**
 * A login page's state between the password and the session (SECURITY R06, ADR 0067): the challenge of an
 * MFA_REQUIRED answer, or of a single sign-on that came back with `?mfa=sso` and the restricted token in the
 * short-lived Mfa-Token cookie, taken into memory and deleted at once.
 */
export function useSecondFactorLogin(ssoHandOver: boolean, redirect: string | null) {
  const [pending, setPending] = useState<PendingSecondFactor>();

  useEffect(() => {
    if (!ssoHandOver) return;
    const token = readCookie(MFA_TOKEN_COOKIE);
    if (!token) return;
    removeCookie(MFA_TOKEN_COOKIE);
    void fetchSecondFactorStatus(token)
      .then((status) => setPending({ challenge: { token, enrolled: status.enrolled, smsAllowed: status.smsAllowed }, redirect }))
      .catch(() => undefined);
  }, [ssoHandOver, redirect]);

  /** Goes on from a login's answer: a session lands (`finish`), a second factor owed shows the second step. */
  const proceed = async (
    outcome: LoginOutcome,
    fallbackRedirect: string | null,
    finish: (token: string, redirect: string | null) => Promise<void>,
  ): Promise<void> => {
    const target = outcome.redirect ?? fallbackRedirect;
    if (outcome.kind === 'session') await finish(outcome.token, target);
    else setPending({ challenge: outcome.challenge, redirect: target });
  };

  return { pending, proceed, cancel: () => setPending(undefined) };
}
