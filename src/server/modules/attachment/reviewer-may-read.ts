import type { FastifyInstance } from 'fastify';
import { isApplicationStatus, REVIEWABLE_STATUSES } from '../../../shared/activity/application-status';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { publicStates } from '../../../shared/resource/workflow-rules';
import { findApplication } from '../application/application-store';
import type { AuthUser } from '../../lib/auth-user';
import { recordHoldsFile } from '../../engine/records/record-store';
import type { AttachmentRow } from '../../services/files/attachment-store';

const READ_APPLICATIONS = `${PERMISSION_IDS.application}.get`;

/**
 * Whoever may open a record under review may open its attachments too (spec §6), but not the files
 * of a draft that was never submitted: that is still the owner's own business. An activity's upload
 * belongs to its uploader's one application for that activity; a resource's, to whichever of the
 * uploader's records outside the private states refers to it.
 */
export async function reviewerMayRead(
  app: FastifyInstance,
  user: AuthUser,
  attachment: Pick<AttachmentRow, 'id' | 'userId' | 'ownerKind' | 'ownerId'>,
): Promise<boolean> {
  const { db } = app.database;
  if (attachment.ownerKind === 'resource') {
    const resource = app.resources.get(attachment.ownerId);
    if (!resource || !hasPermission(user.permissions, `${resource.resource.permission}.get`)) return false;
    return recordHoldsFile(db, {
      resource: resource.name,
      ownerId: attachment.userId,
      states: publicStates(resource.workflow),
      fileId: attachment.id,
    });
  }
  if (!hasPermission(user.permissions, READ_APPLICATIONS)) return false;
  const application = await findApplication(db, attachment.userId, attachment.ownerId);
  return application !== undefined && isApplicationStatus(application.status) && REVIEWABLE_STATUSES.includes(application.status);
}

/**
 * Anyone may read a file that a record in one of its folder's visitor states holds (resource.json visitors),
 * in a field visitors receive: a file of a field left out of visitors.fields stays as private as the field.
 */
export async function visitorMayRead(
  app: FastifyInstance,
  attachment: Pick<AttachmentRow, 'id' | 'userId' | 'ownerKind' | 'ownerId' | 'field'>,
): Promise<boolean> {
  if (attachment.ownerKind !== 'resource') return false;
  const visitors = app.resources.get(attachment.ownerId)?.resource.visitors;
  if (!visitors) return false;
  // A table column's upload names its table first (evidence.file): the table is the field visitors receive or not.
  const field = attachment.field.split(/[./[]/)[0] ?? '';
  if (!visitors.fields.includes(field)) return false;
  const { states } = visitors;
  return recordHoldsFile(app.database.db, { resource: attachment.ownerId, ownerId: attachment.userId, states, fileId: attachment.id });
}
