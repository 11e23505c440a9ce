/** The caller of a request on a `user` route, loaded from the session on every request. */
export interface AuthUser {
  id: string;
  username: string;
  fullname: string;
  headimgurl: string;
  role: string;
  /** The presented token's hash, so that logout revokes exactly this session. */
  sessionTokenHash: string;
}
