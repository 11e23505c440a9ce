import { and, asc, desc, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { schemaPublications } from '../../db/schema';
import type { StudioKind } from './studio-units';

export type PublicationRow = typeof schemaPublications.$inferSelect;
export type PublicationInsert = typeof schemaPublications.$inferInsert;
type Reader = Pick<Db, 'select'>;

/** A unit's publications, newest first. */
export async function listPublications(db: Reader, kind: StudioKind, name: string, limit = 50): Promise<PublicationRow[]> {
  return db
    .select()
    .from(schemaPublications)
    .where(and(eq(schemaPublications.kind, kind), eq(schemaPublications.name, name)))
    .orderBy(desc(schemaPublications.id))
    .limit(limit);
}

export async function findPublication(db: Reader, id: number): Promise<PublicationRow | undefined> {
  return (await db.select().from(schemaPublications).where(eq(schemaPublications.id, id)).limit(1))[0];
}

/** Any publication holding exactly this version of the unit (its text is the same whichever). */
export async function findPublicationByVersion(
  db: Reader,
  kind: StudioKind,
  name: string,
  version: string,
): Promise<PublicationRow | undefined> {
  return (
    await db
      .select()
      .from(schemaPublications)
      .where(and(eq(schemaPublications.kind, kind), eq(schemaPublications.name, name), eq(schemaPublications.version, version)))
      .limit(1)
  )[0];
}

/** Whether any publication, of any action, holds this unit's name: a new unit may not take it (ADR 0040). */
export async function isNameOfPublished(db: Reader, kind: StudioKind, name: string): Promise<boolean> {
  return (await listPublications(db, kind, name, 1)).length > 0;
}

/** Publications after the one a process saw last, oldest first: what it has still to install. */
export async function publicationsAfter(db: Reader, id: number): Promise<PublicationRow[]> {
  return db.select().from(schemaPublications).where(gt(schemaPublications.id, id)).orderBy(asc(schemaPublications.id));
}

export async function lastPublicationId(db: Reader): Promise<number> {
  return (await db.select({ id: max(schemaPublications.id) }).from(schemaPublications))[0]?.id ?? 0;
}

/** What the start-up reconciliation knows of a unit: its newest publication, every version it has had, and whether the studio made it. */
export interface UnitHistory {
  latest: PublicationRow;
  versions: Set<string>;
  /** Its first publication is a create (ADR 0040): its files may exist on the machine that made it only. */
  created: boolean;
}

/** The newest publication of every unit, and every version each unit has had, for the start-up reconciliation. */
export async function unitHistories(db: Reader): Promise<Map<string, UnitHistory>> {
  const rows = await db.select().from(schemaPublications).orderBy(asc(schemaPublications.id));
  const histories = new Map<string, UnitHistory>();
  for (const row of rows) {
    const key = `${row.kind}\u0000${row.name}`;
    const history = histories.get(key) ?? { latest: row, versions: new Set<string>(), created: row.action === 'create' };
    history.latest = row;
    history.versions.add(row.version);
    if (row.baseVersion) history.versions.add(row.baseVersion);
    histories.set(key, history);
  }
  return histories;
}

export async function insertPublication(db: Pick<Db, 'insert'>, row: PublicationInsert): Promise<PublicationRow> {
  const [inserted] = await db.insert(schemaPublications).values(row).returning();
  if (!inserted) throw new Error('schema publication not inserted');
  return inserted;
}
