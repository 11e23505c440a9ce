import type { ApplicationView } from '../../../shared/generated/application-view';
import type { Db } from '../../db/database';
import { applicationHistory } from './application-history';
import type { ApplicationRow } from './application-store';
import { toApplicationView } from './application-view';
import { findUserName } from './find-user-name';

/** An application as a reviewer sees it: who applied, and every status change with its note. */
export async function reviewerView(db: Db, row: ApplicationRow): Promise<ApplicationView> {
  return toApplicationView(row, { applicantName: await findUserName(db, row.userId), history: await applicationHistory(db, row.id) });
}
