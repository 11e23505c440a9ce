import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locale';
import { units, userUnits } from '../../db/schema';
import type { Runner } from '../../db/write-with-history';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { UNIT_SCOPED_ROLES } from '../../services/roles/role-catalogue';
import type { CompiledResource } from '../units/resource-registry';

/**
 * The units whose records the caller may act on as staff of this resource (resource.json
 * jurisdiction): null when some role of theirs grants the resource's permission everywhere (the
 * commission), otherwise the names of their own units (a unit's integrity officer). Only a
 * resource with a jurisdiction field has one.
 */
export async function jurisdictionOf(db: Runner, resource: CompiledResource, user: AuthUser): Promise<ReadonlySet<string> | null> {
  if (!resource.resource.jurisdiction) return null;
  const permission = resource.resource.permission;
  const everywhere = user.roles.some(
    (role) =>
      !UNIT_SCOPED_ROLES.has(role.id) && role.permissions.some((entry) => entry.permissionId === permission && entry.actionList.length > 0),
  );
  if (everywhere) return null;
  const rows = await db
    .select({ name: units.name })
    .from(userUnits)
    .innerJoin(units, eq(units.id, userUnits.unitId))
    .where(eq(userUnits.userId, user.id))
    .orderBy(asc(units.name));
  return new Set(rows.map((row) => row.name));
}

/** Whether a record's unit (its jurisdiction field) is within these units; everything is within null. */
export function withinJurisdiction(
  resource: CompiledResource,
  allowed: ReadonlySet<string> | null,
  data: Record<string, unknown>,
): boolean {
  const field = resource.resource.jurisdiction?.field;
  if (allowed === null || field === undefined) return true;
  const unit = data[field];
  return typeof unit === 'string' && allowed.has(unit.trim());
}

/** The field error of a record outside the writer's jurisdiction, naming the units they may write for. */
export function outsideJurisdictionMessage(allowed: ReadonlySet<string>, locale: Locale): string {
  const names = [...allowed].join(locale === 'en-US' ? ', ' : '、');
  if (locale === 'en-US')
    return names ? `You may enter records of your own units only: ${names}` : 'You belong to no unit, so you may enter no records';
  return names ? `只能录入本单位（您的辖区）的记录：${names}` : '您还没有所属单位，不能录入记录';
}

/** A write of a record outside the writer's jurisdiction (their units, from jurisdictionOf) is refused on the jurisdiction field. */
export function requireWithinJurisdiction(
  resource: CompiledResource,
  allowed: ReadonlySet<string> | null,
  data: Record<string, unknown>,
  locale: Locale,
): void {
  const field = resource.resource.jurisdiction?.field;
  if (field === undefined || allowed === null || withinJurisdiction(resource, allowed, data)) return;
  const message = outsideJurisdictionMessage(allowed, locale);
  throw new AppError(400, 'validationFailed', { errors: [{ path: field, keyword: 'jurisdiction', params: {}, message }], msg: message });
}
