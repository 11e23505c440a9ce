import { TOKEN_LIFETIME_MS } from '../constants';

/*
 * Session timeouts (SECURITY R10, ADR 0008): one policy for the server, which enforces it, and the
 * SPA, which warns before it bites. Pure, so both sides and the tests read the same numbers.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * 'staff' is a user whose role grants any permission (reviewer, integrity, admin, ADR 0007): at least
 * as strict as R10's "admin and integrity roles", and it follows a role change on the next request.
 */
export type SessionClass = 'public' | 'staff';

export interface SessionLimits {
  /** Refused once this long has passed since the last recorded activity. */
  idleTimeoutMs: number;
  /** Refused once this long has passed since login, however active. */
  absoluteLifetimeMs: number;
}

export const SESSION_LIMITS: Readonly<Record<SessionClass, SessionLimits>> = {
  // The absolute 7 days are the spec's token lifetime: accepted risk for public users (ADR 0008).
  public: { idleTimeoutMs: 30 * MINUTE_MS, absoluteLifetimeMs: TOKEN_LIFETIME_MS },
  staff: { idleTimeoutMs: 15 * MINUTE_MS, absoluteLifetimeMs: 12 * HOUR_MS },
};

/**
 * last_seen_at is written at most this often, so an active user costs one write a minute, not one
 * per request. Activity is therefore known to within this interval, and idle is measured from the
 * recorded time: the server errs on the strict side.
 */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;

/** The SPA warns this long before the session would time out. */
export const SESSION_WARNING_LEAD_MS = 2 * MINUTE_MS;

/**
 * Set by the server on every response to a request it authenticated: the milliseconds left before
 * the session's idle timeout, measured from its own record. The SPA counts only these responses as
 * activity (a public route does not touch the session, even with a token), and needs no clock sync.
 */
export const SESSION_IDLE_REMAINING_HEADER = 'x-session-idle-remaining';

export function sessionClassOf(permissions: readonly unknown[]): SessionClass {
  return permissions.length > 0 ? 'staff' : 'public';
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  /** The row's own expiry (login + TOKEN_LIFETIME_MS); the staff limit may end it sooner. */
  expiresAt: Date;
}

export type SessionVerdict =
  | {
      kind: 'live';
      idleTimeoutMs: number;
      /** The absolute end: the row's expiry or the class's lifetime from login, whichever is first. */
      expiresAt: Date;
      /** When the idle timeout falls if nothing else happens (after this request's touch, if any). */
      idleExpiresAt: Date;
      /** Whether this request should record itself as the session's last activity. */
      touch: boolean;
    }
  | { kind: 'timedOut'; why: 'idle' | 'absolute' };

/**
 * The verdict on a session at `now`. Idle: timed out when more than the limit has passed since the
 * last recorded activity (exactly the limit is still live). Absolute: timed out at the end instant.
 */
export function sessionVerdict(times: SessionTimes, sessionClass: SessionClass, now: Date): SessionVerdict {
  const limits = SESSION_LIMITS[sessionClass];
  const end = Math.min(times.expiresAt.getTime(), times.createdAt.getTime() + limits.absoluteLifetimeMs);
  const nowMs = now.getTime();
  if (nowMs >= end) return { kind: 'timedOut', why: 'absolute' };
  const idleMs = nowMs - times.lastSeenAt.getTime();
  if (idleMs > limits.idleTimeoutMs) return { kind: 'timedOut', why: 'idle' };
  const touch = idleMs >= SESSION_TOUCH_INTERVAL_MS;
  const lastSeen = touch ? nowMs : times.lastSeenAt.getTime();
  return {
    kind: 'live',
    idleTimeoutMs: limits.idleTimeoutMs,
    expiresAt: new Date(end),
    idleExpiresAt: new Date(lastSeen + limits.idleTimeoutMs),
    touch,
  };
}

/**
 * When the SPA should warn: SESSION_WARNING_LEAD_MS before whichever comes first, the idle timeout
 * (from the last authenticated response) or the absolute end. Times are the browser's epoch ms.
 */
export function sessionWarningAt(deadlines: { idleExpiresAt: number; expiresAt?: number }): { at: number; kind: 'idle' | 'absolute' } {
  const { idleExpiresAt, expiresAt } = deadlines;
  if (expiresAt !== undefined && expiresAt <= idleExpiresAt) return { at: expiresAt - SESSION_WARNING_LEAD_MS, kind: 'absolute' };
  return { at: idleExpiresAt - SESSION_WARNING_LEAD_MS, kind: 'idle' };
}
