import { lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { cspReports } from '../../db/schema';
import type { CspReportRow } from './csp-report-rows';

/** The newest reports kept; older ones are deleted as new ones arrive. */
export const CSP_REPORT_CAP = 10_000;

/**
 * Inserts the rows, then deletes what falls below the newest `cap`. Identity ids only grow, so that
 * is one range delete on the primary key, without counting or sorting the table; gaps in the ids
 * (a rolled-back insert) only make it keep a few fewer.
 */
export async function storeCspReports(db: Db, rows: CspReportRow[], cap: number = CSP_REPORT_CAP): Promise<void> {
  if (rows.length === 0) return;
  const inserted = await db.insert(cspReports).values(rows).returning({ id: cspReports.id });
  const newest = Math.max(...inserted.map((row) => row.id));
  if (newest > cap) await db.delete(cspReports).where(lte(cspReports.id, newest - cap));
}
