import type { Permission } from '../../../shared/generated/permission';
import type { Role } from '../../../shared/generated/role';

/** The caller of a request on a `user` route, loaded from the session on every request. */
export interface AuthUser {
  id: string;
  username: string;
  fullname: string;
  headimgurl: string;
  role: string;
  /** users.role with its permissions (spec §6): one entry, or none when the role is not in the catalogue. */
  roles: Role[];
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
