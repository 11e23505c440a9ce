import { openRecordRows } from '../../engine/records/record-store';
import { openApplication } from '../application/application-personal';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { StudioImpactReport } from '../../../shared/generated/studio-impact-report';
import type { StepFieldError } from '../../../shared/generated/step-field-error';
import type { Locale } from '../../../shared/i18n/locale';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import { toFieldErrors } from '../../../shared/schema/to-field-errors';
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import type { Db } from '../../db/database';
import { applications, messages, records } from '../../db/schema';
import type { CompiledResource } from '../../engine/units/resource-registry';
import { checkActivitySteps } from '../../engine/write/check-activity-steps';
import { cachedDictLookup, checkDictValues } from '../../services/dict/check-dict-values';
import type { FormSchemaEntry } from '../../engine/units/schema-registry';

/** Listed at most; the counts cover every record. */
export const IMPACT_ITEM_LIMIT = 200;
const BATCH = 500;

type Item = StudioImpactReport['items'][number];

export interface ImpactOptions {
  /**
   * No earlier version to compare with (the command line, outside git and before any publication):
   * every record is weighed as it is, a draft only for what a save would refuse.
   */
  absolute?: boolean;
}

/**
 * The errors a stored record has under the candidate and not under the live version: a draft's
 * unfilled required fields fail both and do not count; a field the change makes required, a tightened
 * length, a removed or renamed property (now unknown), a value a new dictionary lacks all do.
 */
export function newErrors(before: readonly StepFieldError[], after: readonly StepFieldError[]): StepFieldError[] {
  const key = (error: StepFieldError) => `${error.step}\u0000${error.path}\u0000${error.keyword}`;
  const known = new Set(before.map(key));
  return after.filter((error) => !known.has(key(error)));
}

class ReportBuilder {
  private readonly counts = new Map<string, { checked: number; failing: number }>();
  readonly items: Item[] = [];
  private failing = 0;
  private checked = 0;

  add(status: string, item: Item | undefined): void {
    const count = this.counts.get(status) ?? { checked: 0, failing: 0 };
    count.checked += 1;
    this.checked += 1;
    if (item) {
      count.failing += 1;
      this.failing += 1;
      if (this.items.length < IMPACT_ITEM_LIMIT) this.items.push(item);
    }
    this.counts.set(status, count);
  }

  report(): StudioImpactReport {
    return {
      checked: this.checked,
      failing: this.failing,
      byStatus: [...this.counts].map(([status, count]) => ({ status, ...count })),
      items: this.items,
      truncated: this.failing > this.items.length,
    };
  }
}

/**
 * Every stored application of the activity, draft to approved, checked against the candidate and
 * against the live version by the applicants' own checkActivitySteps (ajv's rules and the
 * dictionaries): those the change breaks, with each new error, counted per status. Read in batches,
 * so a large activity never sits in memory whole.
 */
export async function activityImpact(
  db: Db,
  live: CompiledActivity,
  candidate: CompiledActivity,
  locale: Locale,
  options: ImpactOptions = {},
): Promise<StudioImpactReport> {
  const builder = new ReportBuilder();
  const dictionaries = cachedDictLookup(db);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: applications.id,
        status: applications.status,
        data: applications.data,
        updatedAt: applications.updatedAt,
        schemaVersion: applications.schemaVersion,
      })
      .from(applications)
      .where(and(eq(applications.activityId, live.definition.id), after ? gt(applications.id, after) : undefined))
      .orderBy(asc(applications.id))
      .limit(BATCH)
      // Checked as written, personal values opened (ADR 0070).
      .then((page) => Promise.all(page.map((row) => openApplication(db, row))));
    for (const row of rows) {
      // The applicants' own write pipeline, without an applicant: the schemas and the dictionaries, not uploads or x-unique.
      const verdict = async (activity: CompiledActivity, mode: 'draft' | 'submit' = 'submit') =>
        (await checkActivitySteps(db, activity, row.data, { locale, mode, dictionaries })).errors;
      const errors = options.absolute
        ? await verdict(candidate, row.status === 'draft' || row.status === 'returned' ? 'draft' : 'submit')
        : newErrors(await verdict(live), await verdict(candidate));
      builder.add(
        row.status,
        errors.length === 0
          ? undefined
          : {
              id: row.id,
              status: row.status,
              ...(row.status !== 'submitted' && row.status !== 'approved' && row.status !== 'rejected'
                ? { pinned: row.schemaVersion !== candidate.definition.version }
                : {}),
              updatedAt: row.updatedAt.toISOString(),
              errors: errors.map((error) => ({ step: error.step, path: error.path, message: error.message })),
            },
      );
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = last.id;
  }
  return builder.report();
}

/** One version of a single-schema record type: a form, or a resource folder's record schema. */
interface RecordSchema {
  schema: JsonSchema;
  validate: ValidateFunction;
}

interface StoredRecord {
  id: string;
  status: string;
  data: Record<string, unknown>;
  updatedAt: Date;
}

/** The stored records of one schema, a batch at a time after `after`, weighed as activityImpact weighs applications. */
async function recordsImpact(
  db: Db,
  page: (after: string | undefined) => Promise<StoredRecord[]>,
  live: RecordSchema,
  candidate: RecordSchema,
  locale: Locale,
  options: ImpactOptions,
): Promise<StudioImpactReport> {
  const builder = new ReportBuilder();
  const dictionaries = cachedDictLookup(db);
  const verdict = async ({ schema, validate }: RecordSchema, data: Record<string, unknown>) => {
    const value = pruneEmpty(data);
    const errors = validate(value) ? [] : toFieldErrors(validate.errors, schema, locale);
    const skip = new Set(errors.map((error) => error.path));
    return [...errors, ...(await checkDictValues(db, schema, value, locale, skip, dictionaries))].map((error) => ({ step: '', ...error }));
  };
  let after: string | undefined;
  for (;;) {
    const rows = await page(after);
    for (const row of rows) {
      const errors = options.absolute
        ? await verdict(candidate, row.data)
        : newErrors(await verdict(live, row.data), await verdict(candidate, row.data));
      builder.add(
        row.status,
        errors.length === 0
          ? undefined
          : {
              id: row.id,
              status: row.status,
              updatedAt: row.updatedAt.toISOString(),
              errors: errors.map((error) => ({ path: error.path, message: error.message })),
            },
      );
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = last.id;
  }
  return builder.report();
}

/** The stored records of a plain form (the message board's): those the candidate refuses and the live form did not. */
export async function formImpact(
  db: Db,
  live: FormSchemaEntry,
  candidate: FormSchemaEntry,
  locale: Locale,
  options: ImpactOptions = {},
): Promise<StudioImpactReport> {
  const page = async (after: string | undefined): Promise<StoredRecord[]> => {
    const rows = await db
      .select({ id: messages.id, data: messages.data, createdAt: messages.createdAt, reply: messages.reply })
      .from(messages)
      .where(and(eq(messages.schemaId, live.id), after ? gt(messages.id, after) : undefined))
      .orderBy(asc(messages.id))
      .limit(BATCH);
    return rows.map((row) => ({
      id: row.id,
      status: row.reply === null ? 'submitted' : 'replied',
      data: row.data,
      updatedAt: row.createdAt,
    }));
  };
  return recordsImpact(db, page, live, candidate, locale, options);
}

/** The stored records of a resource folder: those the candidate record schema refuses and the live one did not, per workflow state. */
export async function resourceImpact(
  db: Db,
  live: CompiledResource,
  candidate: CompiledResource,
  locale: Locale,
  options: ImpactOptions = {},
): Promise<StudioImpactReport> {
  const page = (after: string | undefined): Promise<StoredRecord[]> =>
    db
      .select({ id: records.id, status: records.status, data: records.data, updatedAt: records.updatedAt })
      .from(records)
      .where(and(eq(records.resource, live.name), after ? gt(records.id, after) : undefined))
      .orderBy(asc(records.id))
      .limit(BATCH)
      // Checked as written, personal values opened (ADR 0070): a sealed number would fail any format.
      .then((rows) => openRecordRows(db, live, rows));
  return recordsImpact(
    db,
    page,
    { schema: live.record, validate: live.validate },
    { schema: candidate.record, validate: candidate.validate },
    locale,
    options,
  );
}

/** The site's navigation keeps no records or drafts: a change to it breaks nothing stored, so there is nothing to weigh. */
export async function siteImpact(): Promise<StudioImpactReport> {
  return { checked: 0, failing: 0, byStatus: [], items: [], truncated: false };
}
