import { useEffect, useState } from 'react';
import { sampleServerTime } from './activity-api';
import { takeEarlyServerTime } from './early-application-calls';

/** The server's clock as seen from here: this computer's time plus the measured offset. */
export type ServerClock = () => Date;

const localClock: ServerClock = () => new Date();

/**
 * Application windows are judged by server time (ADR 0004): a visitor whose clock is wrong must
 * not see an activity as open when the server will refuse the submit. Until getTime answers (or
 * if it fails) the local clock stands in; the server checks again anyway.
 */
export function useServerClock(): { clock: ServerClock; ready: boolean } {
  const [offset, setOffset] = useState<number>();
  useEffect(() => {
    let active = true;
    (takeEarlyServerTime() ?? sampleServerTime()).then(
      ({ serverNow, sentAt, receivedAt }) => {
        // Half the round trip is the best guess for when the server read its clock.
        if (active) setOffset(serverNow.getTime() - (sentAt + receivedAt) / 2);
      },
      () => active && setOffset(0),
    );
    return () => {
      active = false;
    };
  }, []);
  if (offset === undefined) return { clock: localClock, ready: false };
  return { clock: () => new Date(Date.now() + offset), ready: true };
}
