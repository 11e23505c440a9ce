import { isApplicationStatus, REVIEWABLE_STATUSES } from '../../../shared/activity/application-status';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import type { Db } from '../../db/database';
import { findApplication } from '../application/application-store';
import type { AuthUser } from '../auth/auth-user';
import type { AttachmentRow } from './attachment-store';

const READ_APPLICATIONS = `${PERMISSION_IDS.application}.get`;

/**
 * Whoever may open an application under review may open its attachments too (spec §6), but not the
 * files of a draft that was never submitted: that is still the applicant's own business. An upload
 * belongs to its uploader's one application for that activity.
 */
export async function reviewerMayRead(db: Db, user: AuthUser, attachment: Pick<AttachmentRow, 'userId' | 'activityId'>): Promise<boolean> {
  if (!hasPermission(user.permissions, READ_APPLICATIONS)) return false;
  const application = await findApplication(db, attachment.userId, attachment.activityId);
  return application !== undefined && isApplicationStatus(application.status) && REVIEWABLE_STATUSES.includes(application.status);
}
