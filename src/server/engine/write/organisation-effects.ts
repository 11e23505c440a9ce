import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locale';
import type { TransactionRunner, Runner } from '../../db/write-with-history';
import { units, userUnits } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { serverMessage } from '../../i18n/server-messages';
import type { RecordRow } from '../records/record-store';
import type { CompiledResource } from '../units/resource-registry';

/**
 * The organisation a joining record asks for (resource.json organisation, role join): the settled
 * unit of exactly that name. An unknown name is refused on the field, so a request never waits on
 * nobody's desk.
 */
export async function joinedOrganisation(
  db: Runner,
  resource: CompiledResource,
  data: Record<string, unknown>,
  locale: Locale,
): Promise<string> {
  const organisation = resource.resource.organisation;
  if (organisation?.role !== 'join') throw new Error(`resources/${resource.name}: not a joining resource`);
  const name = data[organisation.nameField];
  const rows = typeof name === 'string' ? await db.select({ id: units.id }).from(units).where(eq(units.name, name.trim())).limit(1) : [];
  const unitId = rows[0]?.id;
  if (unitId) return unitId;
  const message = serverMessage('organisationNotFound', locale);
  throw new AppError(400, 'validationFailed', {
    errors: [{ path: organisation.nameField, keyword: 'organisation', params: {}, message }],
    msg: message,
  });
}

/**
 * What a transition does to organisations, in the transition's own transaction: a founding record
 * reaching its state creates the unit (if new) and makes its owner member and administrator; a
 * joining record reaching its state makes its owner a member, and leaving it takes that away. The
 * unit switcher reads user_units, so it follows at once.
 */
export async function applyOrganisationEffect(
  tx: TransactionRunner,
  resource: CompiledResource,
  row: RecordRow,
  from: string,
): Promise<void> {
  const organisation = resource.resource.organisation;
  if (!organisation || !row.ownerId || from === row.status) return;
  const entering = row.status === organisation.state;
  const leaving = from === organisation.state;
  if (!entering && !leaving) return;
  if (organisation.role === 'found') {
    if (!entering) return;
    const name = row.data[organisation.nameField];
    if (typeof name !== 'string') throw new Error(`resources/${resource.name}: record ${row.id} has no ${organisation.nameField}`);
    await tx.insert(units).values({ name: name.trim() }).onConflictDoNothing({ target: units.name });
    const unit = (await tx.select({ id: units.id }).from(units).where(eq(units.name, name.trim())).limit(1))[0];
    if (!unit) throw new Error(`unit ${name} was not created`);
    await tx
      .insert(userUnits)
      .values({ userId: row.ownerId, unitId: unit.id, isAdmin: true })
      .onConflictDoUpdate({ target: [userUnits.userId, userUnits.unitId], set: { isAdmin: sql`true` } });
    return;
  }
  if (!row.orgId) throw new Error(`resources/${resource.name}: joining record ${row.id} has no organisation`);
  if (entering) await tx.insert(userUnits).values({ userId: row.ownerId, unitId: row.orgId }).onConflictDoNothing();
  else
    await tx.delete(userUnits).where(and(eq(userUnits.userId, row.ownerId), eq(userUnits.unitId, row.orgId), eq(userUnits.isAdmin, false)));
}
