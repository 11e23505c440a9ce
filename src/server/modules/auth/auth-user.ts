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
}
