import type { ServerConfig } from '../../config/server-config';

/**
 * The built-in roles whose holders need a second factor at login (SECURITY R06, MLPS 8.1.4.1 d, ADR 0067):
 * administrators, integrity officers (the commission's and a unit's) and reviewers. A new privileged role
 * joins with one line here (or in MFA_ROLES); a role id not in the catalogue simply never matches.
 */
export const DEFAULT_MFA_ROLES: readonly string[] = ['admin', 'securityAdmin', 'auditAdmin', 'integrity', 'unitIntegrity', 'reviewer'];

/**
 * Of those, the roles that may answer with an SMS code while they have no authenticator enrolled. The
 * administrator may not: an SMS code is weaker (SIM swap, a message read on a locked screen), and the
 * account that grants every other role enrols an authenticator at its first login.
 */
export const DEFAULT_MFA_SMS_ROLES: readonly string[] = ['integrity', 'unitIntegrity', 'reviewer'];

/** Which roles need a second factor, and which of them may fall back to SMS, as this deployment sets it. */
export interface MfaPolicy {
  roles: ReadonlySet<string>;
  smsRoles: ReadonlySet<string>;
}

export function mfaPolicyOf(config: Pick<ServerConfig, 'mfaRoles' | 'mfaSmsRoles'>): MfaPolicy {
  const roles = new Set(config.mfaRoles ?? DEFAULT_MFA_ROLES);
  // SMS is a fallback of the second factor, so only for a role that needs one.
  const smsRoles = new Set((config.mfaSmsRoles ?? DEFAULT_MFA_SMS_ROLES).filter((role) => roles.has(role)));
  return { roles, smsRoles };
}

/** What an account holding these roles (users.role and its granted roles) owes at login. */
export interface SecondFactorDemand {
  required: boolean;
  /** Every held role that needs a factor allows SMS: the strictest role decides. */
  smsAllowed: boolean;
}

export function secondFactorDemand(heldRoles: readonly string[], policy: MfaPolicy): SecondFactorDemand {
  const demanding = heldRoles.filter((role) => policy.roles.has(role));
  return { required: demanding.length > 0, smsAllowed: demanding.length > 0 && demanding.every((role) => policy.smsRoles.has(role)) };
}
