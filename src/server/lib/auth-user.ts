import type { Permission } from '../../shared/generated/permission';
import type { Role } from '../../shared/generated/role';

/** The caller of a request on a `user` route, loaded from the session on every request. */
export interface AuthUser {
  id: string;
  username: string;
  fullname: string;
  headimgurl: string;
  role: string;
  /** users.role and the roles an administrator granted, with their permissions (spec §6); only roles in the catalogue. */
  roles: Role[];
  /** An administrator froze the account: it may read, but not apply or publish (spec §8). */
  frozen: boolean;
  /**
   * Someone else chose the password (an administrator), or it has expired: until the user changes it,
   * the session may only read the user info, change the password and log out (SECURITY R07, R01; route-access.ts).
   */
  mustChangePassword: boolean;
  /** Why, when mustChangePassword: the password is older than PASSWORD_MAX_AGE_DAYS (SECURITY R01). */
  passwordExpired: boolean;
  /**
   * The password was right, the second factor is still owed (SECURITY R06, ADR 0067): the session serves only
   * the second-factor routes (route-access.ts, `beforeSecondFactor`), and is replaced by a full one after them.
   */
  secondFactorPending: boolean;
  /** What the roles grant, merged; route access and handlers check 'permissionId.action' against it. */
  permissions: Permission[];
  /** The presented token's hash, so that logout revokes exactly this session. */
  sessionTokenHash: string;
  /** The session's limits as of this request (SECURITY R10, ADR 0008), for the user info and the SPA's warning. */
  session: SessionTiming;
}

export interface SessionTiming {
  idleTimeoutMs: number;
  /** The absolute end: the session is refused from this instant, however active. */
  expiresAt: Date;
  /** Left before the idle timeout, counted from the session's recorded activity. */
  idleRemainingMs: number;
}
