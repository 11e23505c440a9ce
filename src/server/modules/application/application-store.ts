import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ApplicationAction, ApplicationStatus } from '../../../shared/activity/application-status';
import type { Db } from '../../db/database';
import { writeWithHistory, type Runner, type TransactionRunner } from '../../db/write-with-history';
import { applicationEvents, applications, users } from '../../db/schema';
import { openApplication, sealApplicationData, type SealedStep } from './application-personal';

export type ApplicationRow = typeof applications.$inferSelect;
export type StepData = Record<string, Record<string, unknown>>;

const EDITABLE: ApplicationStatus[] = ['draft', 'returned'];

/** The user's application of the activity, its personal values opened (ADR 0070). */
export async function findApplication(db: Db, userId: string, activityId: string): Promise<ApplicationRow | undefined> {
  const rows = await db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, userId), eq(applications.activityId, activityId)))
    .limit(1);
  return rows[0] && openApplication(db, rows[0]);
}

export async function findApplicationById(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const rows = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return rows[0] && openApplication(db, rows[0]);
}

/** The caller's draft, created on first use; a second call (or a concurrent one) returns the same row. */
export async function createDraft(
  db: Db,
  input: { userId: string; activityId: string; schemaVersion: string; now: Date },
): Promise<ApplicationRow> {
  await db
    .insert(applications)
    .values({
      userId: input.userId,
      activityId: input.activityId,
      status: 'draft',
      data: {},
      version: 1,
      schemaVersion: input.schemaVersion,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: [applications.userId, applications.activityId] });
  const row = await findApplication(db, input.userId, input.activityId);
  if (!row) throw new Error('draft insert left no row');
  return row;
}

/**
 * Stores new data only if nobody wrote since `version` and the applicant may still edit: the check is
 * in the UPDATE itself, so two racing saves cannot both win. undefined means nothing was written.
 */
export async function updateData(
  db: Db,
  input: {
    id: string;
    version: number;
    data: StepData;
    currentStep: string | undefined;
    schemaVersion: string;
    now: Date;
    /** The activity's steps: their personal values (x-mask) are stored sealed (ADR 0070). */
    steps: readonly SealedStep[];
  },
): Promise<ApplicationRow | undefined> {
  const stored = await sealApplicationData(db, input.steps, input.data);
  const rows = await db
    .update(applications)
    .set({
      data: stored,
      version: sql`${applications.version} + 1`,
      schemaVersion: input.schemaVersion,
      updatedAt: input.now,
      ...(input.currentStep === undefined ? {} : { currentStep: input.currentStep }),
    })
    .where(and(eq(applications.id, input.id), eq(applications.version, input.version), inArray(applications.status, EDITABLE)))
    .returning();
  // What was written, as the portal reads it.
  return rows[0] && { ...rows[0], data: input.data };
}

export interface TransitionInput {
  id: string;
  /** The version the caller saw; the change happens only if it is still current. */
  version: number;
  action: ApplicationAction;
  from: ApplicationStatus;
  to: ApplicationStatus;
  actorId: string;
  note?: string | undefined;
  now: Date;
  /** Runs inside the transaction before the update, e.g. the uniqueness check of a submit; throw to abort. */
  before?: (tx: Runner) => Promise<void>;
  /**
   * Runs inside the transaction once the change and its history row are written, e.g. the audit
   * record (SECURITY R32: a failed audit write rolls the change back); throw to abort.
   */
  after?: (tx: TransactionRunner, row: ApplicationRow) => Promise<void>;
}

/**
 * One status change: the version-checked update and its history row in one transaction (SECURITY
 * R18, R38). undefined means another request changed the application first and nothing was written.
 */
export async function transition(db: Db, input: TransitionInput): Promise<ApplicationRow | undefined> {
  return writeWithHistory(db, {
    before: input.before,
    write: (tx) =>
      tx
        .update(applications)
        .set({
          status: input.to,
          version: sql`${applications.version} + 1`,
          updatedAt: input.now,
          ...(input.action === 'submit' ? { submittedAt: input.now } : {}),
          ...(input.action === 'withdraw' ? { submittedAt: null } : {}),
        })
        .where(and(eq(applications.id, input.id), eq(applications.version, input.version), eq(applications.status, input.from)))
        .returning()
        // Opened before the audit and the notices see it (the cipher is the database's, not the transaction's).
        .then((rows) => Promise.all(rows.map((row) => openApplication(db, row)))),
    // (application_id, version) is unique: even a lost race in the database cannot record two transitions.
    history: (tx, row) =>
      tx.insert(applicationEvents).values({
        applicationId: row.id,
        action: input.action,
        fromStatus: input.from,
        toStatus: input.to,
        version: row.version,
        actorId: input.actorId,
        note: input.note ?? null,
        at: input.now,
      }),
    after: input.after,
  });
}

export interface HistoryRow {
  action: string;
  fromStatus: string;
  toStatus: string;
  at: Date;
  actorName: string;
  note: string | null;
}

export async function listHistory(db: Db, applicationId: string): Promise<HistoryRow[]> {
  return db
    .select({
      action: applicationEvents.action,
      fromStatus: applicationEvents.fromStatus,
      toStatus: applicationEvents.toStatus,
      at: applicationEvents.at,
      actorName: users.fullname,
      note: applicationEvents.note,
    })
    .from(applicationEvents)
    .innerJoin(users, eq(users.id, applicationEvents.actorId))
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.version));
}

export async function countEvents(db: Db, applicationId: string, action: ApplicationAction): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(applicationEvents)
    .where(and(eq(applicationEvents.applicationId, applicationId), eq(applicationEvents.action, action)));
  return rows[0]?.total ?? 0;
}

export interface ListQuery {
  /** Only this user's applications (the applicant's list); all users' otherwise (the reviewers'). */
  userId?: string;
  statuses: readonly ApplicationStatus[];
  pageNo: number;
  pageSize: number;
}

/**
 * A page of applications with its total, built once per database and shape (one user's, or
 * everyone's): the page and its total come in one round trip (an uncorrelated sub-select), as a
 * named statement planned once per connection, so an applicant's list costs two queries with the
 * session's and no query building (issue 15's authenticated-list profile).
 */
function preparePage(db: Db, ownOnly: boolean) {
  const statuses = sql`${applications.status} = ANY(${sql.placeholder('statuses')}::text[])`;
  const where = ownOnly ? and(statuses, eq(applications.userId, sql.placeholder('userId'))) : statuses;
  return (
    db
      .select({
        application: applications,
        applicantName: users.fullname,
        total: sql<string>`(SELECT count(*) FROM ${applications} WHERE ${where})`,
      })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(where)
      // The (user_id, updated_at DESC NULLS FIRST, id DESC NULLS FIRST) index serves this order.
      .orderBy(desc(applications.updatedAt), desc(applications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(ownOnly ? 'applications_page_own' : 'applications_page_all')
  );
}

const pageQueries = new WeakMap<Db, Map<boolean, ReturnType<typeof preparePage>>>();

export async function listApplications(
  db: Db,
  query: ListQuery,
): Promise<{ total: number; rows: (ApplicationRow & { applicantName: string })[] }> {
  const ownOnly = query.userId !== undefined;
  const shapes = pageQueries.get(db) ?? new Map<boolean, ReturnType<typeof preparePage>>();
  pageQueries.set(db, shapes);
  const prepared = shapes.get(ownOnly) ?? preparePage(db, ownOnly);
  shapes.set(ownOnly, prepared);
  const statuses = [...query.statuses];
  const rows = await prepared.execute({
    statuses,
    userId: query.userId,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  const first = rows[0];
  // Only a page past the end has no row to carry the total.
  let total = first ? Number(first.total) : 0;
  if (!first && query.pageNo > 1) {
    const conditions: SQL[] = [inArray(applications.status, statuses)];
    if (query.userId) conditions.push(eq(applications.userId, query.userId));
    total =
      (
        await db
          .select({ total: count() })
          .from(applications)
          .where(and(...conditions))
      )[0]?.total ?? 0;
  }
  return {
    total,
    rows: await Promise.all(rows.map((row) => openApplication(db, { ...row.application, applicantName: row.applicantName }))),
  };
}

/** Serialises submits of one activity inside their transactions, so two cannot both claim one unique name. */
export async function lockActivity(tx: Runner, activityId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`activity:${activityId}`}::text))`);
}
