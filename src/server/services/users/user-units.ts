import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { units, userUnits, users } from '../../db/schema';

/** Links a user to the unit of this name, creating the unit on first use. */
export async function linkUserUnit(db: Db, userId: string, unitName: string): Promise<string> {
  await db.insert(units).values({ name: unitName }).onConflictDoNothing({ target: units.name });
  const rows = await db.select({ id: units.id }).from(units).where(eq(units.name, unitName)).limit(1);
  const unitId = rows[0]?.id;
  if (!unitId) throw new Error(`unit ${unitName} was not created`);
  await db.insert(userUnits).values({ userId, unitId }).onConflictDoNothing();
  return unitId;
}

export interface UnitRow {
  id: string;
  name: string;
}

/** The user's own units, by name. */
export async function listUserUnits(db: Db, userId: string): Promise<UnitRow[]> {
  return db
    .select({ id: units.id, name: units.name })
    .from(userUnits)
    .innerJoin(units, eq(units.id, userUnits.unitId))
    .where(eq(userUnits.userId, userId))
    .orderBy(asc(units.name));
}

/** The current unit, only while the user still belongs to it. */
export async function currentUnit(db: Db, userId: string): Promise<UnitRow | null> {
  const rows = await db
    .select({ id: units.id, name: units.name })
    .from(users)
    .innerJoin(units, eq(units.id, users.currentUnitId))
    .innerJoin(userUnits, and(eq(userUnits.unitId, units.id), eq(userUnits.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** Makes one of the user's own units current; undefined when the unit is not theirs (or does not exist). */
export async function selectUserUnit(db: Db, userId: string, unitId: string): Promise<UnitRow | undefined> {
  const rows = await db
    .select({ id: units.id, name: units.name })
    .from(userUnits)
    .innerJoin(units, eq(units.id, userUnits.unitId))
    .where(and(eq(userUnits.userId, userId), eq(userUnits.unitId, unitId)))
    .limit(1);
  const unit = rows[0];
  if (!unit) return undefined;
  await db.update(users).set({ currentUnitId: unit.id }).where(eq(users.id, userId));
  return unit;
}

/** The units the user administers: their records' orgAdmin transitions are the user's to take. */
export async function adminUnitIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ unitId: userUnits.unitId })
    .from(userUnits)
    .where(and(eq(userUnits.userId, userId), eq(userUnits.isAdmin, true)));
  return new Set(rows.map((row) => row.unitId));
}

/** Makes the user an administrator of one of their units, or takes it back. */
export async function setUnitAdmin(db: Db, userId: string, unitId: string, isAdmin: boolean): Promise<void> {
  await db
    .update(userUnits)
    .set({ isAdmin })
    .where(and(eq(userUnits.userId, userId), eq(userUnits.unitId, unitId)));
}
