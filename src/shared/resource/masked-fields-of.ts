import { MASKS, type MaskName } from '../rules/mask';
import type { JsonSchema } from '../schema/json-schema';

/** A record's top-level fields shown masked (x-mask, SECURITY R35), with their mask. */
export function maskedFieldsOf(record: JsonSchema): [string, MaskName][] {
  return Object.entries(record.properties ?? {}).flatMap(([field, node]) => {
    const mask = node['x-mask'];
    return typeof mask === 'string' && Object.hasOwn(MASKS, mask) ? [[field, mask as MaskName] as [string, MaskName]] : [];
  });
}

/**
 * The columns of a record's top-level tables shown masked (x-mask on a text column of an array of
 * objects: a team's or a guest list's phone or identity number), as [table, column, mask] (issue 30).
 */
export function maskedColumnsOf(record: JsonSchema): [string, string, MaskName][] {
  return Object.entries(record.properties ?? {}).flatMap(([table, node]) => {
    const row = node.type === 'array' && typeof node.items === 'object' && !Array.isArray(node.items) ? node.items : undefined;
    return Object.entries(row?.properties ?? {}).flatMap(([column, cell]) => {
      const mask = cell['x-mask'];
      return typeof mask === 'string' && Object.hasOwn(MASKS, mask)
        ? [[table, column, mask as MaskName] as [string, string, MaskName]]
        : [];
    });
  });
}

/** A node's kind of personal value stored sealed (SECURITY R34, ADR 0070, 0072): its x-mask, or its x-personal. */
function sealedKindOf(node: JsonSchema): MaskName | undefined {
  for (const keyword of ['x-mask', 'x-personal'] as const) {
    const kind = node[keyword];
    if (typeof kind === 'string' && Object.hasOwn(MASKS, kind)) return kind as MaskName;
  }
  return undefined;
}

/**
 * A record's top-level fields stored sealed: the masked ones, and those marked x-personal, which are
 * sealed at rest but shown whole to whoever may read the record (a contact phone its reader must call).
 */
export function sealedFieldsOf(record: JsonSchema): [string, MaskName][] {
  return Object.entries(record.properties ?? {}).flatMap(([field, node]) => {
    const kind = sealedKindOf(node);
    return kind ? [[field, kind] as [string, MaskName]] : [];
  });
}

/** The columns of a record's top-level tables stored sealed (x-mask or x-personal), as [table, column, kind]. */
export function sealedColumnsOf(record: JsonSchema): [string, string, MaskName][] {
  return Object.entries(record.properties ?? {}).flatMap(([table, node]) => {
    const row = node.type === 'array' && typeof node.items === 'object' && !Array.isArray(node.items) ? node.items : undefined;
    return Object.entries(row?.properties ?? {}).flatMap(([column, cell]) => {
      const kind = sealedKindOf(cell);
      return kind ? [[table, column, kind] as [string, string, MaskName]] : [];
    });
  });
}

/** Whether a value reads as masked: masking it again changes nothing (an owner's full number would change). */
export function isShownMasked(mask: MaskName, value: unknown): boolean {
  return typeof value === 'string' && value !== '' && MASKS[mask](value) === value;
}
