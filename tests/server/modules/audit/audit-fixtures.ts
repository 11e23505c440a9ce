import { asc, gt } from 'drizzle-orm';
import { auditLog } from '../../../../src/server/db/schema';
import type { TestApp } from '../../helpers/test-app';

export type AuditRow = typeof auditLog.$inferSelect;

/** The highest audit id so far (0 for an empty log): rows written after it are what an action wrote. */
export async function lastAuditId(t: TestApp): Promise<number> {
  const rows = await t.db.select({ id: auditLog.id }).from(auditLog);
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
}

export async function auditRowsAfter(t: TestApp, afterId: number): Promise<AuditRow[]> {
  return t.db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id));
}

/** Runs an action and returns the audit rows it wrote. */
export async function auditedBy(t: TestApp, action: () => Promise<unknown>): Promise<AuditRow[]> {
  const before = await lastAuditId(t);
  await action();
  return auditRowsAfter(t, before);
}

/** The database's own message for a failed statement (Drizzle wraps it as the cause). */
export async function databaseError(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  return 'no error';
}
