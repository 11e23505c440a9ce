import type { ActivityManifestFile } from '../../../shared/generated/activity-manifest-file';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';

/**
 * Whether this account may apply (spec §8's result texts): a frozen account may not
 * (您的账号已被冻结, 立即解冻), nor one holding none of the activity's eligible roles
 * (您的账号暂不具备申报资格, 立即升级). Any role the user holds counts (spec §6: several roles).
 */
export function requireMayApply(user: AuthUser, manifest?: Pick<ActivityManifestFile, 'eligibleRoles'>): void {
  if (user.frozen) throw new AppError(403, 'accountFrozen');
  const eligible = manifest?.eligibleRoles;
  if (eligible && !user.roles.some((role) => (eligible as readonly string[]).includes(role.id))) throw new AppError(403, 'notQualified');
}
