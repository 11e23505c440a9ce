import type { FastifyInstance } from 'fastify';
import { applicationViewHref, auditDetailHref } from '../../../shared/activity/application-links';
import type { ApplicationAction } from '../../../shared/activity/application-status';
import type { Runner } from '../../db/write-with-history';
import { writeTransitionNotices, type NoticeDelivery } from '../../services/notifications/write-notices';
import { APPLICATION_RESOURCE, applicationRowData } from './application-list-source';
import type { ApplicationRow } from './application-store';

/** One step of an application, as its notices need it. */
export interface ApplicationStep {
  /** The application as the step left it. */
  row: ApplicationRow;
  action: ApplicationAction;
  applicantName: string;
  actorId: string;
  note: string | undefined;
  now: Date;
}

/**
 * The notices of an application's step (schemas/workflows/application.workflow.json notify), written by
 * the engine's own writer in the caller's transaction, as a resource folder's transition writes them;
 * returns the SMS and mail owed once that commits (deliver-notices.ts). The applicant reads theirs on
 * their application's page, the reviewers on the review detail. The placeholders are the fields of the
 * folder's list row (record.schema.json), the activity's title in each reader's language.
 */
export async function writeApplicationNotices(app: FastifyInstance, tx: Runner, step: ApplicationStep): Promise<NoticeDelivery[]> {
  // The live folder's workflow, so a publication that changes a notice's text takes effect as the engine's do.
  const folder = app.resources.get(APPLICATION_RESOURCE);
  const transition = folder?.workflow.transitions[step.action];
  if (!folder || !transition?.notify) return [];
  const { row } = step;
  return writeTransitionNotices(tx, {
    folder: folder.resource,
    workflow: folder.workflow,
    transitionName: step.action,
    transition,
    record: {
      id: row.id,
      ownerId: row.userId,
      // An application belongs to its applicant, not a unit (resource.json owner "user").
      orgId: null,
      status: row.status,
      data: applicationRowData(app, row, step.applicantName, 'zh-CN'),
      dataEn: applicationRowData(app, row, step.applicantName, 'en-US'),
    },
    href: (to) => (to === 'reviewers' ? auditDetailHref(row.id) : applicationViewHref(row.activityId)),
    actorId: step.actorId,
    note: step.note,
    now: step.now,
  });
}
