import type { FastifyInstance } from 'fastify';
import { maskApplicationData } from '../../../shared/activity/mask-application-data';
import type { ApplicationView } from '../../../shared/generated/application-view';
import { applicationHistory } from './application-history';
import type { ApplicationRow } from './application-store';
import { toApplicationView } from './application-view';
import { findUserName } from './find-user-name';

/**
 * An application as a reviewer sees it: who applied, every status change with its note, and the
 * personal fields (x-mask in the activity's step schemas) masked, unless `unmasked` (the audited view
 * of a holder of application.unmask, SECURITY R35, ADR 0065).
 */
export async function reviewerView(
  app: FastifyInstance,
  row: ApplicationRow,
  options: { unmasked?: boolean } = {},
): Promise<ApplicationView> {
  const db = app.database.db;
  const steps = app.activities.get(row.activityId)?.definition.steps ?? [];
  const shown = options.unmasked === true ? row : { ...row, data: maskApplicationData(steps, row.data) };
  return toApplicationView(shown, { applicantName: await findUserName(db, row.userId), history: await applicationHistory(db, row.id) });
}
